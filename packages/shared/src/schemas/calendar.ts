import { z } from 'zod';
import { diffDays, isCalendarDate } from '../calendar-date';
import { TASK_STATES } from '../task-state';
import { calendarDateSchema, dataOf, idSchema, instantSchema } from './common';
import { taskListQuerySchema } from './tasks';

/** Most days one GET /api/calendar/days may span (a month view shows up to six weeks; two months fit). */
export const MAX_CALENDAR_DAYS = 62;

/**
 * GET /api/calendar/days?from=&to=: the task list's filters (without paging, sort, or its own due
 * range) over `from`..`to` inclusive, at most 62 days.
 */
export const calendarDaysQuerySchema = taskListQuerySchema
  .omit({ page: true, pageSize: true, sort: true, cursor: true, dueFrom: true, dueTo: true })
  .extend({ from: calendarDateSchema, to: calendarDateSchema })
  .superRefine((query, ctx) => {
    // Runs even when a date failed above: judge the span only between two real dates.
    if (!isCalendarDate(query.from) || !isCalendarDate(query.to)) return;
    const span = diffDays(query.to, query.from) + 1;
    if (span < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must be on or after the start' });
    else if (span > MAX_CALENDAR_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${MAX_CALENDAR_DAYS} days at once` });
    }
  });
export type CalendarDaysQuery = z.infer<typeof calendarDaysQuerySchema>;

export const stateCountsSchema = z.object(
  Object.fromEntries(TASK_STATES.map((state) => [state, z.number().int()])) as Record<
    (typeof TASK_STATES)[number],
    z.ZodNumber
  >,
);
export type StateCounts = z.infer<typeof stateCountsSchema>;

/** One day that has tasks: how many, and how many in each state. */
export const calendarDaySchema = z.object({ date: z.string(), total: z.number().int(), byState: stateCountsSchema });
export type CalendarDay = z.infer<typeof calendarDaySchema>;
export const calendarDaysResponseSchema = z.object({ data: z.array(calendarDaySchema) });

// ---------------------------------------------------------------------------------------------------
// iCalendar feeds

/**
 * What a feed lists: MINE the tasks assigned to its owner, FACILITY one facility's, ALL every facility of the
 * owner's scope (every facility for the all-facility roles).
 */
export const CALENDAR_FEED_SCOPES = ['MINE', 'FACILITY', 'ALL'] as const;
export type CalendarFeedScope = (typeof CALENDAR_FEED_SCOPES)[number];
/** Most feeds one user may hold. */
export const MAX_CALENDAR_FEEDS = 20;

export const calendarFeedSchema = z.object({
  _id: idSchema,
  name: z.string(),
  scope: z.enum(CALENDAR_FEED_SCOPES),
  facilityId: idSchema.nullable(),
  facilityName: z.string().nullable(),
  createdAt: instantSchema,
  lastUsedAt: instantSchema.nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/**
 * POST /api/calendar-feeds: a facility feed names its facility (one in the caller's scope); MINE and ALL name
 * none.
 */
export const createCalendarFeedBodySchema = z
  .object({
    name: z
      .string({ message: 'Please give the feed a name' })
      .trim()
      .min(1, 'Please give the feed a name')
      .max(100, 'A name must be at most 100 characters long'),
    scope: z.enum(CALENDAR_FEED_SCOPES, { message: 'Scope must be MINE, FACILITY or ALL' }),
    facilityId: idSchema.nullable().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.scope === 'FACILITY' && !body.facilityId) {
      ctx.addIssue({ code: 'custom', path: ['facilityId'], message: 'Choose the facility of the feed' });
    }
    if (body.scope === 'MINE' && body.facilityId) {
      ctx.addIssue({ code: 'custom', path: ['facilityId'], message: 'A feed of my tasks has no facility' });
    }
    if (body.scope === 'ALL' && body.facilityId) {
      ctx.addIssue({ code: 'custom', path: ['facilityId'], message: 'A feed of all my facilities has no facility' });
    }
  });
export type CreateCalendarFeedBody = z.input<typeof createCalendarFeedBodySchema>;

export const calendarFeedListResponseSchema = z.object({ data: z.array(calendarFeedSchema) });
/** The created feed with its URL: the only time the secret is shown. */
export const createdCalendarFeedResponseSchema = dataOf(calendarFeedSchema.extend({ url: z.string() }));
export const revokedCalendarFeedsResponseSchema = dataOf(z.object({ revoked: z.number().int() }));
