import { z } from 'zod';
import {
  conditionScheduleSchema,
  createConditionBodySchema,
  type ConditionSchedule,
  type PermitCondition,
} from '@rtms/shared/schemas/permits';

/** The condition form's flat fields: the condition's, its schedule's, and whether it has one. */
export const conditionFormSchema = createConditionBodySchema
  .pick({ reference: true, text: true })
  .extend(conditionScheduleSchema.partial().shape)
  .extend({ scheduled: z.boolean().optional() });
export type ConditionFormBody = z.output<typeof conditionFormSchema>;
export type ConditionFormValues = Partial<ConditionFormBody>;

export const SCHEDULE_FIELDS = [
  'frequency',
  'scheduleMode',
  'firstDueDate',
  'weekendShift',
  'periodDueDays',
  'periodDueDayOfMonth',
  'category',
  'evidenceRequired',
] as const;
export const CONDITION_FIELDS = ['reference', 'text', 'scheduled', ...SCHEDULE_FIELDS] as const;

const PERIOD_FIELDS = new Set<string>(['periodDueDays', 'periodDueDayOfMonth']);

/** The schedule the form describes, or null for a standing condition (the period fields only for PERIOD_END). */
export function scheduleOf(body: ConditionFormBody): ConditionSchedule | null {
  if (!body.scheduled) return null;
  const schedule = Object.fromEntries(SCHEDULE_FIELDS.map((field) => [field, body[field] ?? undefined]));
  if (schedule.scheduleMode !== 'PERIOD_END') for (const field of PERIOD_FIELDS) delete schedule[field];
  return schedule as ConditionSchedule;
}

/**
 * The schedule values as one comparable string (null for a standing condition): two values that save the
 * same schedule give the same key, so a preview is current while the key it was taken for is the form's.
 */
export function scheduleKey(values: Partial<Record<(typeof CONDITION_FIELDS)[number], unknown>>): string | null {
  if (!values.scheduled) return null;
  const periodEnd = values.scheduleMode === 'PERIOD_END';
  return JSON.stringify(
    SCHEDULE_FIELDS.map((field) => {
      if (field === 'evidenceRequired') return Boolean(values[field]);
      if (PERIOD_FIELDS.has(field) && !periodEnd) return null;
      return values[field] ?? null;
    }),
  );
}

/** The key of the schedule a condition was saved with. */
export function savedScheduleKey(condition: PermitCondition | undefined): string | null {
  return condition?.schedule ? scheduleKey({ scheduled: true, ...condition.schedule }) : null;
}

/**
 * Whether saving the form changes the schedule of a condition's existing requirement, so the save waits for
 * a preview of what that does to its tasks: an edit of a scheduled condition whose schedule values differ from
 * the saved ones. A new condition, a standing one given its first schedule, or one made standing is not such
 * an edit (there are no tasks to move or remove; making it standing retires the requirement, keeping history).
 */
export function needsSchedulePreview(
  condition: PermitCondition | undefined,
  values: Parameters<typeof scheduleKey>[0],
): boolean {
  if (!condition?.requirementId || !condition.schedule) return false;
  const key = scheduleKey(values);
  return key !== null && key !== savedScheduleKey(condition);
}
