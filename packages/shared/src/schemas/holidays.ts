import { z } from 'zod';
import { calendarDateSchema, dataOf, pageMetaSchema, pageQuerySchema, requiredText } from './common';
import { previewMovedSchema } from './requirements';

/** Years a holiday calendar can be listed for (the holiday library's rules cover them). */
export const MIN_HOLIDAY_YEAR = 1970;
export const MAX_HOLIDAY_YEAR = 2200;

/** One day of a facility's holiday calendar. LIBRARY days come from its country and state; ADDED ones from an administrator. */
export const holidaySchema = z.object({
  date: z.string(),
  name: z.string(),
  source: z.enum(['LIBRARY', 'ADDED']),
});
export type Holiday = z.infer<typeof holidaySchema>;

/** GET /api/facilities/:id/holidays?year=: the year defaults to the current one in the facility's zone. */
export const holidayListQuerySchema = pageQuerySchema.extend({
  year: z.coerce
    .number({ message: 'Year must be a number' })
    .int('Year must be a whole number')
    .min(MIN_HOLIDAY_YEAR, `Year must be ${MIN_HOLIDAY_YEAR} or later`)
    .max(MAX_HOLIDAY_YEAR, `Year must be ${MAX_HOLIDAY_YEAR} or earlier`)
    .optional(),
});
export type HolidayListQuery = z.infer<typeof holidayListQuerySchema>;

/** The list, with the year and the library region (ISO country and state codes) the calendar was seeded from. */
export const holidayPageSchema = z.object({
  data: z.array(holidaySchema),
  meta: pageMetaSchema.extend({
    year: z.number().int(),
    /** The holiday library's country code for the facility's country, or null when it knows none. */
    country: z.string().nullable(),
    state: z.string().nullable(),
  }),
});
export type HolidayPage = z.infer<typeof holidayPageSchema>;

const holidayNameSchema = requiredText(120, 'Please name the holiday', 'The name');

/** POST /api/facilities/:id/holidays */
export const addHolidayBodySchema = z.object({ date: calendarDateSchema, name: holidayNameSchema }).strict();
export type AddHolidayBody = z.input<typeof addHolidayBodySchema>;

/** DELETE /api/facilities/:id/holidays/:date */
export const holidayDateParamsSchema = z.object({ id: z.string().min(1).max(64), date: calendarDateSchema });

/** POST /api/facilities/:id/holidays/preview: the day an add or a removal would change. Exactly one. */
export const holidayPreviewBodySchema = z
  .object({ add: addHolidayBodySchema.optional(), remove: calendarDateSchema.optional() })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.add === undefined) === (body.remove === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['add'], message: 'Give either a day to add or a day to remove' });
    }
  });
export type HolidayPreviewBody = z.input<typeof holidayPreviewBodySchema>;

/** The untouched future tasks whose due date the change moves (with the business-day shift of their requirement). */
export const holidayPreviewSchema = z.object({ moved: z.array(previewMovedSchema) });
export type HolidayPreview = z.infer<typeof holidayPreviewSchema>;
export const holidayPreviewResponseSchema = dataOf(holidayPreviewSchema);

/** Add and remove answer the day and how many tasks moved. */
export const holidaySaveResponseSchema = z.object({
  data: holidaySchema,
  meta: z.object({ tasks: z.object({ moved: z.number().int() }) }),
});
