import { z } from 'zod';
import {
  PERMIT_STATUSES,
  PERMIT_TYPES,
  SCHEDULE_MODES,
  TASK_CATEGORIES,
  TASK_FREQUENCIES,
  WEEKEND_SHIFTS,
} from '../enums';
import { MAX_PERIOD_DUE_DAYS } from '../period-end';
import { TASK_STATES } from '../task-state';
import {
  calendarDateSchema,
  dataOf,
  idSchema,
  listQuerySchema,
  pageOf,
  recordSchema,
  recordSortsOf,
  requiredText,
  wholeNumber,
  wholeNumberFrom,
} from './common';
import { MAX_MIN_EVIDENCE, MAX_WINDOW_DAYS, taskChangeCountsSchema } from './requirements';

/** Longest renewal lead time in days (ten years). */
export const MAX_RENEWAL_LEAD_DAYS = 3660;

const typeSchema = z.enum(PERMIT_TYPES, { message: `Type must be one of ${PERMIT_TYPES.join(', ')}` });
const leadDaysSchema = wholeNumber(
  'Renewal lead time must be a whole number of days',
  [0, 'Renewal lead time cannot be negative'],
  [MAX_RENEWAL_LEAD_DAYS, `Renewal lead time must be at most ${MAX_RENEWAL_LEAD_DAYS} days`],
);

/** A permit as lists show it; `status` and `daysToExpiry` are derived on the day in the facility's zone. */
export const permitSchema = recordSchema({
  facilityId: idSchema,
  facilityName: z.string(),
  facilityCode: z.string(),
  number: z.string(),
  title: z.string(),
  agency: z.string(),
  type: z.enum(PERMIT_TYPES),
  issuedOn: z.string(),
  effectiveOn: z.string(),
  expiresOn: z.string().nullable(),
  renewalLeadDays: z.number().int(),
  renewalSubmittedOn: z.string().nullable(),
  version: z.number().int(),
  previousVersionId: idSchema.nullable(),
  nextVersionId: idSchema.nullable(),
  terminatedOn: z.string().nullable(),
  terminationReason: z.string().nullable(),
  status: z.enum(PERMIT_STATUSES),
  daysToExpiry: z.number().int().nullable(),
  /** The first day of the renewal window (expiry − lead days), or null without an expiry. */
  renewalWindowFrom: z.string().nullable(),
});
export type Permit = z.infer<typeof permitSchema>;

/** A task of a permit as its page shows it (a condition's next task, the renewal task). */
export const permitTaskSchema = z.object({
  _id: idSchema,
  title: z.string(),
  dueDate: z.string(),
  scheduledDueDate: z.string(),
  rescheduleReason: z.string().nullable(),
  shiftHoliday: z.string().nullable(),
  state: z.enum(TASK_STATES),
});
export type PermitTask = z.infer<typeof permitTaskSchema>;

/** The requirement fields of a condition's schedule; the requirement is bound to the permit's facility. */
export const conditionScheduleSchema = z
  .object({
    frequency: z.enum(TASK_FREQUENCIES, { message: `Frequency must be one of ${TASK_FREQUENCIES.join(', ')}` }),
    scheduleMode: z
      .enum(SCHEDULE_MODES, { message: 'Schedule mode must be CALENDAR, AFTER_COMPLETION or PERIOD_END' })
      .optional(),
    firstDueDate: calendarDateSchema,
    weekendShift: z.enum(WEEKEND_SHIFTS, { message: 'Weekend shift must be NONE, PREVIOUS or NEXT' }).optional(),
    periodStartMonth: wholeNumberFrom(1, 12, 'Period start month must be a month number from 1 to 12').optional(),
    periodDueDays: wholeNumber(
      'Days after the period must be a whole number',
      [0, 'Days after the period cannot be negative'],
      [MAX_PERIOD_DUE_DAYS, `Days after the period must be at most ${MAX_PERIOD_DUE_DAYS}`],
    )
      .nullable()
      .optional(),
    periodDueDayOfMonth: wholeNumberFrom(1, 31, 'Day of the following month must be a whole number from 1 to 31')
      .nullable()
      .optional(),
    category: z.enum(TASK_CATEGORIES, { message: `Category must be one of ${TASK_CATEGORIES.join(', ')}` }),
    evidenceRequired: z.boolean().optional(),
    minEvidence: wholeNumber(
      'Minimum evidence must be a whole number',
      [0, 'Minimum evidence cannot be negative'],
      [MAX_MIN_EVIDENCE, `Minimum evidence must be at most ${MAX_MIN_EVIDENCE}`],
    ).optional(),
    leadTimeDays: wholeNumber(
      'Lead time must be a whole number of days',
      [0, 'Lead time cannot be negative'],
      [MAX_WINDOW_DAYS, `Lead time must be at most ${MAX_WINDOW_DAYS} days`],
    ).optional(),
    graceDays: wholeNumber(
      'Grace must be a whole number of days',
      [0, 'Grace cannot be negative'],
      [MAX_WINDOW_DAYS, `Grace must be at most ${MAX_WINDOW_DAYS} days`],
    ).optional(),
    defaultAssigneeId: idSchema.nullable().optional(),
  })
  .strict();
export type ConditionSchedule = z.input<typeof conditionScheduleSchema>;

/** A permit condition: standing (no schedule, never a task) or scheduled (it owns one requirement). */
export const permitConditionSchema = recordSchema({
  permitId: idSchema,
  reference: z.string(),
  text: z.string(),
  requirementId: idSchema.nullable(),
  /** The schedule of its requirement, or null for a standing condition. */
  schedule: z
    .object({
      frequency: z.enum(TASK_FREQUENCIES),
      scheduleMode: z.enum(SCHEDULE_MODES),
      firstDueDate: z.string(),
      weekendShift: z.enum(WEEKEND_SHIFTS),
      category: z.enum(TASK_CATEGORIES),
      evidenceRequired: z.boolean(),
      activeFrom: z.string().nullable(),
      activeUntil: z.string().nullable(),
    })
    .nullable(),
  nextTask: permitTaskSchema.nullable(),
  /** Whether a person touched one of its tasks (then it cannot be deleted). */
  touched: z.boolean(),
});
export type PermitCondition = z.infer<typeof permitConditionSchema>;

export const permitVersionSchema = z.object({
  _id: idSchema,
  version: z.number().int(),
  number: z.string(),
  effectiveOn: z.string(),
  expiresOn: z.string().nullable(),
  status: z.enum(PERMIT_STATUSES),
});

export const permitDocumentSchema = z.object({ _id: idSchema, title: z.string(), fileName: z.string() });

/** GET /api/permits/:id */
export const permitDetailSchema = permitSchema.extend({
  conditions: z.array(permitConditionSchema),
  versions: z.array(permitVersionSchema),
  renewalRequirementId: idSchema.nullable(),
  renewalTaskId: idSchema.nullable(),
  renewalTask: permitTaskSchema.nullable(),
  documents: z.array(permitDocumentSchema),
});
export type PermitDetail = z.infer<typeof permitDetailSchema>;

function expiryAfterEffective(body: { effectiveOn?: string; expiresOn?: string | null }, ctx: z.RefinementCtx) {
  if (body.effectiveOn && body.expiresOn && body.expiresOn < body.effectiveOn) {
    ctx.addIssue({
      code: 'custom',
      path: ['expiresOn'],
      message: 'The expiry date must not be before the effective date',
    });
  }
}

const permitFields = {
  number: requiredText(100, 'Please enter the permit number', 'Permit number'),
  title: requiredText(300, 'Please enter a title', 'Title'),
  agency: requiredText(200, 'Please enter the issuing agency', 'Agency'),
  type: typeSchema,
  issuedOn: calendarDateSchema,
  effectiveOn: calendarDateSchema,
  expiresOn: calendarDateSchema.nullable().optional(),
  renewalLeadDays: leadDaysSchema.optional(),
};

/** POST /api/permits */
export const createPermitBodySchema = z
  .object({ facilityId: idSchema, ...permitFields })
  .strict()
  .superRefine(expiryAfterEffective);
export type CreatePermitBody = z.input<typeof createPermitBodySchema>;

/** PATCH /api/permits/:id: any subset; `renewalSubmittedOn` records the renewal application's filing. */
export const updatePermitBodySchema = z
  .object({
    number: permitFields.number.optional(),
    title: permitFields.title.optional(),
    agency: permitFields.agency.optional(),
    type: typeSchema.optional(),
    issuedOn: calendarDateSchema.optional(),
    effectiveOn: calendarDateSchema.optional(),
    expiresOn: calendarDateSchema.nullable().optional(),
    renewalLeadDays: leadDaysSchema.optional(),
    renewalSubmittedOn: calendarDateSchema.nullable().optional(),
  })
  .strict()
  .superRefine(expiryAfterEffective);
export type UpdatePermitBody = z.input<typeof updatePermitBodySchema>;

/** POST /api/permits/:id/terminate (and its preview) */
export const terminatePermitBodySchema = z
  .object({
    terminatedOn: calendarDateSchema,
    reason: requiredText(1000, 'Please say why the permit is terminated', 'Reason'),
  })
  .strict();
export type TerminatePermitBody = z.input<typeof terminatePermitBodySchema>;

/** POST /api/permits/:id/versions (and its preview) */
export const newPermitVersionBodySchema = z
  .object({
    effectiveOn: calendarDateSchema,
    expiresOn: calendarDateSchema.nullable().optional(),
    number: permitFields.number.optional(),
    /** Empty: the day it takes effect. */
    issuedOn: calendarDateSchema.nullish(),
  })
  .strict()
  .superRefine(expiryAfterEffective);
export type NewPermitVersionBody = z.input<typeof newPermitVersionBodySchema>;

/** What a new version or a termination would do, before it is saved. */
export const permitChangePreviewSchema = z.object({
  /** Open untouched tasks due on or after the day that would become not applicable. */
  removed: z.array(z.object({ taskId: idSchema, title: z.string(), dueDate: z.string() })),
  /** Tasks that stay with the old version (completed, or touched by someone). */
  kept: z.number().int(),
  /** What the new version starts: its conditions (copied) and its renewal. */
  added: z.array(z.object({ reference: z.string(), text: z.string(), firstDueDate: z.string().nullable() })),
});
export type PermitChangePreview = z.infer<typeof permitChangePreviewSchema>;

export const PERMIT_SORTS = recordSortsOf(
  'number',
  'title',
  'agency',
  'type',
  'expiresOn',
  'effectiveOn',
  'facilityName',
  'status',
);

/** GET /api/permits: `search` matches number, title and agency. */
export const permitListQuerySchema = listQuerySchema(PERMIT_SORTS, {
  facilityId: idSchema.optional(),
  type: z.enum(PERMIT_TYPES).optional(),
  status: z.enum(PERMIT_STATUSES).optional(),
  expiresFrom: calendarDateSchema.optional(),
  expiresTo: calendarDateSchema.optional(),
});
export type PermitListQuery = z.infer<typeof permitListQuerySchema>;

export const permitPageSchema = pageOf(permitSchema);
export const permitResponseSchema = dataOf(permitDetailSchema);
export const permitChangePreviewResponseSchema = dataOf(permitChangePreviewSchema);

/** POST /api/permits/:id/conditions */
export const createConditionBodySchema = z
  .object({
    reference: requiredText(50, 'Please enter the condition reference', 'Reference'),
    text: requiredText(10_000, 'Please enter the condition text', 'Text'),
    schedule: conditionScheduleSchema.nullable().optional(),
  })
  .strict();
export type CreateConditionBody = z.input<typeof createConditionBodySchema>;

/** PATCH /api/permits/:id/conditions/:conditionId: `schedule: null` makes it a standing condition. */
export const updateConditionBodySchema = z
  .object({
    reference: createConditionBodySchema.shape.reference.optional(),
    text: createConditionBodySchema.shape.text.optional(),
    schedule: conditionScheduleSchema.partial().nullable().optional(),
  })
  .strict();
export type UpdateConditionBody = z.input<typeof updateConditionBodySchema>;

export const conditionParamsSchema = z.object({ id: idSchema, conditionId: idSchema });
export const permitDocumentParamsSchema = z.object({ id: idSchema, documentId: idSchema });
export const conditionListResponseSchema = dataOf(z.array(permitConditionSchema));
export const conditionResponseSchema = z.object({
  data: permitConditionSchema,
  meta: z.object({ tasks: taskChangeCountsSchema }),
});
