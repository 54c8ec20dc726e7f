import type { Generated, Selectable } from 'kysely';
import type { RequirementStatus, ScheduleMode, TaskCategory, TaskFrequency, WeekendShift } from '@rtms/shared/enums';
import type { SearchableColumns, TimestampColumns } from '../../db/columns';

/** An obligation. Dates are calendar dates `YYYY-MM-DD`; booleans 0/1. */
export interface RequirementsTable extends SearchableColumns {
  id: string;
  title: string;
  description: string | null;
  regulationId: string | null;
  citation: string | null;
  programAreaId: string | null;
  category: TaskCategory;
  frequency: TaskFrequency;
  scheduleMode: ScheduleMode;
  firstDueDate: string;
  weekendShift: WeekendShift;
  /** 1–12: the month quarters, half-years and years of a PERIOD_END requirement start in. */
  periodStartMonth: Generated<number>;
  /** PERIOD_END: days after the period's last day, or null. */
  periodDueDays: number | null;
  /** PERIOD_END: day of the month after the period (clamped), or null. */
  periodDueDayOfMonth: number | null;
  leadTimeDays: number;
  graceDays: number;
  evidenceRequired: number;
  /** 1: each completion of its tasks waits for a reviewer's signature (migration 0210). */
  reviewRequired: Generated<number>;
  minEvidence: number;
  permitNumber: string | null;
  activeFrom: string | null;
  activeUntil: string | null;
  defaultAssigneeId: string | null;
  /** Reminder policy overrides (null: the frequency's policy, features/notifications). */
  reminderFirstBeforeDays: Generated<number | null>;
  reminderSecondBeforeDays: Generated<number | null>;
  escalateFacilityAfterDays: Generated<number | null>;
  escalateAllAfterDays: Generated<number | null>;
  status: RequirementStatus;
}

/**
 * A requirement bound to a facility: one series of tasks. `bound` 0 = the facility was removed from the
 * requirement (the row stays for its history). Occurrence k of the series has sequence
 * `sequenceOffset + k`; tasks exist for scheduled due dates from `generateFrom` through `materializedTo`.
 */
export interface RequirementFacilitiesTable extends TimestampColumns {
  id: string;
  requirementId: string;
  facilityId: string;
  bound: number;
  applicable: number;
  notApplicableReason: string | null;
  assigneeId: string | null;
  firstDueDate: string | null;
  generateFrom: string;
  sequenceOffset: number;
  materializedTo: string | null;
  revision: number;
}

export type RequirementRow = Selectable<RequirementsTable>;
export type BindingRow = Selectable<RequirementFacilitiesTable>;
