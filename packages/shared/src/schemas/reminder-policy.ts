import { z } from 'zod';
import { wholeNumber } from './common';

/** Largest number of days a reminder override may use (a 12-year series' lead time is far below it). */
export const MAX_REMINDER_DAYS = 800;

const overrideDays = (label: string) =>
  wholeNumber(
    `${label} must be a whole number of days`,
    [1, `${label} must be at least 1 day`],
    [MAX_REMINDER_DAYS, `${label} must be at most ${MAX_REMINDER_DAYS} days`],
  )
    .nullable()
    .optional();

/**
 * A requirement's overrides of its frequency's reminder policy. null or absent = the
 * policy's value: reminders 7 and 1 days before the due date (where shorter than the lead time),
 * escalation to the facility's admins after 7 days overdue and to all-facility admins after 30.
 */
export const reminderOverrideInputShape = {
  reminderFirstBeforeDays: overrideDays('First reminder'),
  reminderSecondBeforeDays: overrideDays('Second reminder'),
  escalateFacilityAfterDays: overrideDays('Escalation to facility admins'),
  escalateAllAfterDays: overrideDays('Escalation to all-facility admins'),
};

export const reminderOverrideOutputShape = {
  reminderFirstBeforeDays: z.number().int().nullable(),
  reminderSecondBeforeDays: z.number().int().nullable(),
  escalateFacilityAfterDays: z.number().int().nullable(),
  escalateAllAfterDays: z.number().int().nullable(),
};

export type ReminderOverrides = {
  reminderFirstBeforeDays: number | null;
  reminderSecondBeforeDays: number | null;
  escalateFacilityAfterDays: number | null;
  escalateAllAfterDays: number | null;
};

/** Cross-field rules of the overrides: the second reminder comes after the first, escalation widens later. */
export function reminderOverridesAreOrdered(
  body: Partial<Record<keyof ReminderOverrides, number | null | undefined>>,
  ctx: z.RefinementCtx,
): void {
  if (
    body.reminderFirstBeforeDays &&
    body.reminderSecondBeforeDays &&
    body.reminderSecondBeforeDays >= body.reminderFirstBeforeDays
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['reminderSecondBeforeDays'],
      message: 'The second reminder must be fewer days before the due date than the first',
    });
  }
  if (
    body.escalateFacilityAfterDays &&
    body.escalateAllAfterDays &&
    body.escalateAllAfterDays < body.escalateFacilityAfterDays
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['escalateAllAfterDays'],
      message: 'Escalation to all-facility admins must not come before escalation to facility admins',
    });
  }
}
