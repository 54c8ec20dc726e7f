import { z } from 'zod';
import { REQUIREMENT_ACTIONS } from '../requirement-actions';
import { isCalendarDate } from '../calendar-date';
import { MAX_PERIOD_DUE_DAYS, periodEndOccurrence } from '../period-end';
import {
  REQUIREMENT_STATUSES,
  SCHEDULE_MODES,
  TASK_CATEGORIES,
  TASK_FREQUENCIES,
  WEEKEND_SHIFTS,
  type ScheduleMode,
  type TaskFrequency,
} from '../enums';
import {
  calendarDateSchema,
  dataOf,
  idSchema,
  listQuerySchema,
  optionalText,
  pageOf,
  recordSchema,
  recordSortsOf,
  requiredText,
  wholeNumber,
  wholeNumberFrom,
} from './common';
import {
  reminderOverrideInputShape,
  reminderOverrideOutputShape,
  reminderOverridesAreOrdered,
} from './reminder-policy';

/** Largest lead time or grace in days (a little over two years). */
export const MAX_WINDOW_DAYS = 800;
/** Most evidence documents a requirement may ask for per task. */
export const MAX_MIN_EVIDENCE = 50;
/** Most facilities one requirement may bind. */
export const MAX_REQUIREMENT_FACILITIES = 1000;

/**
 * One facility a requirement binds. A not-applicable binding has no tasks and needs a reason;
 * `assigneeId` and `firstDueDate` override the requirement's default assignee and first due date at
 * that site. `generateFrom` is the earliest due date tasks exist from (the day the facility was bound,
 * or the backfill date asked for).
 */
export const requirementFacilitySchema = recordSchema({
  facilityId: idSchema,
  facilityName: z.string(),
  facilityCode: z.string(),
  timeZone: z.string(),
  applicable: z.boolean(),
  notApplicableReason: z.string().nullable(),
  assigneeId: idSchema.nullable(),
  assigneeName: z.string().nullable(),
  firstDueDate: z.string().nullable(),
  generateFrom: z.string(),
});
export type RequirementFacility = z.infer<typeof requirementFacilitySchema>;

/** A requirement (an obligation) as lists show it. */
export const requirementSchema = recordSchema({
  title: z.string(),
  description: z.string().nullable(),
  regulationId: idSchema.nullable(),
  regulationTitle: z.string().nullable(),
  citation: z.string().nullable(),
  programAreaId: idSchema.nullable(),
  programAreaName: z.string().nullable(),
  category: z.enum(TASK_CATEGORIES),
  frequency: z.enum(TASK_FREQUENCIES),
  scheduleMode: z.enum(SCHEDULE_MODES),
  firstDueDate: z.string(),
  weekendShift: z.enum(WEEKEND_SHIFTS),
  /** PERIOD_END: the month (1–12) quarters, half-years and years start in. */
  periodStartMonth: z.number().int(),
  /** PERIOD_END: days after the period's last day the task is due, or null. */
  periodDueDays: z.number().int().nullable(),
  /** PERIOD_END: day of the month after the period the task is due on (clamped to its end), or null. */
  periodDueDayOfMonth: z.number().int().nullable(),
  leadTimeDays: z.number().int(),
  graceDays: z.number().int(),
  ...reminderOverrideOutputShape,
  evidenceRequired: z.boolean(),
  minEvidence: z.number().int(),
  /** Each completion waits for a reviewer's signature (state PENDING_REVIEW) before it counts as done. */
  reviewRequired: z.boolean(),
  permitNumber: z.string().nullable(),
  activeFrom: z.string().nullable(),
  activeUntil: z.string().nullable(),
  defaultAssigneeId: idSchema.nullable(),
  defaultAssigneeName: z.string().nullable(),
  status: z.enum(REQUIREMENT_STATUSES),
  /** Facilities bound (applicable or not). */
  facilityCount: z.number().int(),
});
export type Requirement = z.infer<typeof requirementSchema>;

/** GET /api/requirements/:id: the requirement with its facility bindings (those in the caller's scope). */
export const requirementDetailSchema = requirementSchema.extend({
  facilities: z.array(requirementFacilitySchema),
  /** What the caller may do to this requirement (requirement-actions.ts); the screens offer only these. */
  allowedActions: z.array(z.enum(REQUIREMENT_ACTIONS)),
});
export type RequirementDetail = z.infer<typeof requirementDetailSchema>;

const titleSchema = requiredText(300, 'Please enter a title', 'Title');

const daysSchema = (label: string) =>
  wholeNumber(
    `${label} must be a whole number of days`,
    [0, `${label} cannot be negative`],
    [MAX_WINDOW_DAYS, `${label} must be at most ${MAX_WINDOW_DAYS} days`],
  );

/** One element of `facilities` in a create or update body. */
export const requirementFacilityInputSchema = z
  .object({
    facilityId: idSchema,
    applicable: z.boolean().optional(),
    notApplicableReason: optionalText(1000, 'Reason'),
    assigneeId: idSchema.nullable().optional(),
    firstDueDate: calendarDateSchema.nullable().optional(),
  })
  .strict()
  .superRefine((binding, ctx) => {
    if (binding.applicable === false && !binding.notApplicableReason) {
      ctx.addIssue({
        code: 'custom',
        path: ['notApplicableReason'],
        message: 'Please say why this facility is not applicable',
      });
    }
  });
export type RequirementFacilityInput = z.input<typeof requirementFacilityInputSchema>;

const facilitiesSchema = z
  .array(requirementFacilityInputSchema)
  .max(MAX_REQUIREMENT_FACILITIES, `At most ${MAX_REQUIREMENT_FACILITIES} facilities`)
  .superRefine((bindings, ctx) => {
    const seen = new Set<string>();
    bindings.forEach((binding, index) => {
      if (seen.has(binding.facilityId)) {
        ctx.addIssue({ code: 'custom', path: [index, 'facilityId'], message: 'This facility is listed twice' });
      }
      seen.add(binding.facilityId);
    });
  });

const fields = {
  title: titleSchema,
  description: optionalText(10_000, 'Description'),
  regulationId: idSchema.nullable().optional(),
  citation: optionalText(200, 'Citation'),
  programAreaId: idSchema.nullable().optional(),
  category: z.enum(TASK_CATEGORIES, { message: `Category must be one of ${TASK_CATEGORIES.join(', ')}` }),
  frequency: z.enum(TASK_FREQUENCIES, { message: `Frequency must be one of ${TASK_FREQUENCIES.join(', ')}` }),
  scheduleMode: z.enum(SCHEDULE_MODES, { message: 'Schedule mode must be CALENDAR, AFTER_COMPLETION or PERIOD_END' }),
  firstDueDate: calendarDateSchema,
  periodStartMonth: wholeNumberFrom(1, 12, 'Period start month must be a month number from 1 to 12'),
  periodDueDays: wholeNumber(
    'Days after the period must be a whole number',
    [0, 'Days after the period cannot be negative'],
    [MAX_PERIOD_DUE_DAYS, `Days after the period must be at most ${MAX_PERIOD_DUE_DAYS}`],
  ).nullable(),
  periodDueDayOfMonth: wholeNumberFrom(
    1,
    31,
    'Day of the following month must be a whole number from 1 to 31',
  ).nullable(),
  weekendShift: z.enum(WEEKEND_SHIFTS, { message: 'Weekend shift must be NONE, PREVIOUS or NEXT' }),
  leadTimeDays: daysSchema('Lead time'),
  graceDays: daysSchema('Grace'),
  ...reminderOverrideInputShape,
  evidenceRequired: z.boolean(),
  reviewRequired: z.boolean({ message: 'Review required must be true or false' }),
  minEvidence: wholeNumber(
    'Minimum evidence must be a whole number',
    [0, 'Minimum evidence cannot be negative'],
    [MAX_MIN_EVIDENCE, `Minimum evidence must be at most ${MAX_MIN_EVIDENCE}`],
  ),
  permitNumber: optionalText(200, 'Permit or reference number'),
  activeFrom: calendarDateSchema.nullable().optional(),
  activeUntil: calendarDateSchema.nullable().optional(),
  defaultAssigneeId: idSchema.nullable().optional(),
  status: z.enum(REQUIREMENT_STATUSES, { message: 'Status must be ACTIVE or RETIRED' }),
  facilities: facilitiesSchema,
  /**
   * Onboarding: occurrences due before the day a facility is bound are not generated, unless a backfill
   * from this date is asked for. Applies to the facilities this request binds.
   */
  backfillFrom: calendarDateSchema.nullable().optional(),
};

/** The schedule fields of a requirement after an edit, as {@link scheduleRuleErrors} judges them. */
export interface ScheduleRuleValues {
  frequency: TaskFrequency;
  scheduleMode: ScheduleMode;
  firstDueDate?: string;
  periodStartMonth?: number;
  periodDueDays: number | null;
  periodDueDayOfMonth: number | null;
}

/**
 * The errors of a requirement's schedule as a whole (used by the server after merging an update into
 * the stored requirement, and by the form): a PERIOD_END requirement needs exactly one due rule, has
 * periods (not ONCE), and a weekly one counts days (several weeks end in one month).
 */
export function scheduleRuleErrors(values: ScheduleRuleValues): { path: string; message: string }[] {
  if (values.scheduleMode !== 'PERIOD_END') return [];
  const errors: { path: string; message: string }[] = [];
  if (values.frequency === 'ONCE') {
    errors.push({
      path: 'frequency',
      message: 'A one-time requirement has no reporting periods; choose another frequency',
    });
  }
  const hasDays = values.periodDueDays !== null;
  const hasDay = values.periodDueDayOfMonth !== null;
  if (hasDays === hasDay) {
    const message = hasDays
      ? 'Set either the days after the period or the day of the following month, not both'
      : 'Set the days after the period or the day of the following month';
    errors.push({ path: 'periodDueDays', message }, { path: 'periodDueDayOfMonth', message });
  } else if (hasDay && values.frequency === 'WEEKLY') {
    errors.push({
      path: 'periodDueDayOfMonth',
      message: 'A weekly report is due a number of days after the week; use days after the period',
    });
  }
  if (errors.length === 0 && values.firstDueDate && isCalendarDate(values.firstDueDate)) {
    // Only at the very end of the supported calendar (year 9999) is no period due on or after it.
    try {
      periodEndOccurrence(
        {
          frequency: values.frequency,
          firstDueDate: values.firstDueDate,
          periodStartMonth: values.periodStartMonth ?? 1,
          periodDueDays: values.periodDueDays,
          periodDueDayOfMonth: values.periodDueDayOfMonth,
        },
        0,
      );
    } catch {
      errors.push({ path: 'firstDueDate', message: 'No reporting period is due on or after this date' });
    }
  }
  return errors;
}

function activeRangeIsOrdered(body: { activeFrom?: string | null; activeUntil?: string | null }, ctx: z.RefinementCtx) {
  if (body.activeFrom && body.activeUntil && body.activeUntil < body.activeFrom) {
    ctx.addIssue({ code: 'custom', path: ['activeUntil'], message: 'Active until must not be before active from' });
  }
}

/**
 * POST /api/requirements. Lead time and grace default by frequency (see `DEFAULT_TASK_WINDOWS` in
 * recurrence.ts); `scheduleMode` defaults to CALENDAR, `weekendShift` to NONE.
 */
export const createRequirementBodySchema = z
  .object({
    ...fields,
    scheduleMode: fields.scheduleMode.optional(),
    weekendShift: fields.weekendShift.optional(),
    periodStartMonth: fields.periodStartMonth.optional(),
    periodDueDays: fields.periodDueDays.optional(),
    periodDueDayOfMonth: fields.periodDueDayOfMonth.optional(),
    leadTimeDays: fields.leadTimeDays.optional(),
    graceDays: fields.graceDays.optional(),
    evidenceRequired: fields.evidenceRequired.optional(),
    reviewRequired: fields.reviewRequired.optional(),
    minEvidence: fields.minEvidence.optional(),
    status: fields.status.optional(),
    facilities: fields.facilities.optional(),
  })
  .strict()
  .superRefine(activeRangeIsOrdered)
  .superRefine(reminderOverridesAreOrdered);
export type CreateRequirementBody = z.input<typeof createRequirementBodySchema>;

const updateShape = {
  title: fields.title.optional(),
  description: fields.description,
  regulationId: fields.regulationId,
  citation: fields.citation,
  programAreaId: fields.programAreaId,
  category: fields.category.optional(),
  frequency: fields.frequency.optional(),
  scheduleMode: fields.scheduleMode.optional(),
  firstDueDate: fields.firstDueDate.optional(),
  weekendShift: fields.weekendShift.optional(),
  periodStartMonth: fields.periodStartMonth.optional(),
  periodDueDays: fields.periodDueDays.optional(),
  periodDueDayOfMonth: fields.periodDueDayOfMonth.optional(),
  leadTimeDays: fields.leadTimeDays.optional(),
  graceDays: fields.graceDays.optional(),
  ...reminderOverrideInputShape,
  evidenceRequired: fields.evidenceRequired.optional(),
  reviewRequired: fields.reviewRequired.optional(),
  minEvidence: fields.minEvidence.optional(),
  permitNumber: fields.permitNumber,
  activeFrom: fields.activeFrom,
  activeUntil: fields.activeUntil,
  defaultAssigneeId: fields.defaultAssigneeId,
  status: fields.status.optional(),
  facilities: fields.facilities.optional(),
  backfillFrom: fields.backfillFrom,
};

/**
 * PATCH /api/requirements/:id: any subset of the fields. `facilities`, when given, is the whole set of
 * bindings (a facility left out is unbound: its untouched future tasks are removed, its history kept).
 * `status: RETIRED` retires (stops new tasks, removes untouched future tasks).
 */
export const updateRequirementBodySchema = z
  .object(updateShape)
  .strict()
  .superRefine(activeRangeIsOrdered)
  .superRefine(reminderOverridesAreOrdered);
export type UpdateRequirementBody = z.input<typeof updateRequirementBodySchema>;

/**
 * POST /api/requirements/preview: the body of an update plus the requirement's id, or the body of a
 * create without one. Nothing is written.
 */
export const previewRequirementBodySchema = z
  .object({ ...updateShape, requirementId: idSchema.optional() })
  .strict()
  .superRefine(activeRangeIsOrdered);
export type PreviewRequirementBody = z.input<typeof previewRequirementBodySchema>;

/** POST /api/requirements/:id/retire */
export const retireRequirementBodySchema = z.object({ reason: optionalText(1000, 'Reason') }).strict();

/** A task an edit would create. */
/** What every previewed task shows: where it is and which occurrence of the series. */
const previewTaskShape = {
  facilityId: idSchema,
  facilityName: z.string(),
  sequence: z.number().int(),
  periodLabel: z.string(),
};

export const previewAddedSchema = z.object({
  ...previewTaskShape,
  scheduledDueDate: z.string(),
  dueDate: z.string(),
});
/** An untouched future task an edit would give another due date. */
export const previewMovedSchema = z.object({
  taskId: idSchema,
  ...previewTaskShape,
  from: z.string(),
  to: z.string(),
});
/** An untouched future task an edit would delete. */
export const previewRemovedSchema = z.object({
  taskId: idSchema,
  ...previewTaskShape,
  dueDate: z.string(),
});
export const requirementPreviewSchema = z.object({
  added: z.array(previewAddedSchema),
  moved: z.array(previewMovedSchema),
  removed: z.array(previewRemovedSchema),
});
export type RequirementPreview = z.infer<typeof requirementPreviewSchema>;
export const requirementPreviewResponseSchema = dataOf(requirementPreviewSchema);

/** Counts of what a save did to tasks. */
export const taskChangeCountsSchema = z.object({
  added: z.number().int(),
  moved: z.number().int(),
  removed: z.number().int(),
});
export type TaskChangeCounts = z.infer<typeof taskChangeCountsSchema>;

export const REQUIREMENT_SORTS = recordSortsOf('title', 'category', 'frequency', 'status', 'firstDueDate', 'citation');

/**
 * GET /api/requirements: the requirements binding at least one facility in the caller's scope (all of
 * them for the all-facility roles). `search` matches title, description, citation and permit number.
 */
export const requirementListQuerySchema = listQuerySchema(REQUIREMENT_SORTS, {
  status: z.enum(REQUIREMENT_STATUSES).optional(),
  category: z.enum(TASK_CATEGORIES).optional(),
  frequency: z.enum(TASK_FREQUENCIES).optional(),
  scheduleMode: z.enum(SCHEDULE_MODES).optional(),
  programAreaId: idSchema.optional(),
  regulationId: idSchema.optional(),
  facilityId: idSchema.optional(),
});
export type RequirementListQuery = z.infer<typeof requirementListQuerySchema>;

export const requirementResponseSchema = dataOf(requirementDetailSchema);
/** Create and update answer the requirement and what the save did to its tasks. */
export const requirementSaveResponseSchema = z.object({
  data: requirementDetailSchema,
  meta: z.object({ tasks: taskChangeCountsSchema }),
});
/** A row of GET /api/requirements: the requirement and what the caller may do to it (requirement-actions.ts). */
export const requirementListItemSchema = requirementSchema.extend({
  allowedActions: z.array(z.enum(REQUIREMENT_ACTIONS)),
});
export type RequirementListItem = z.infer<typeof requirementListItemSchema>;
export const requirementPageSchema = pageOf(requirementListItemSchema);
