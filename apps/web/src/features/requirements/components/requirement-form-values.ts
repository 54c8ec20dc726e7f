import type { ScheduleMode, TaskCategory, TaskFrequency, WeekendShift } from '@rtms/shared/enums';
import { defaultGraceDays, defaultLeadTimeDays } from '@rtms/shared/recurrence';
import {
  updateRequirementBodySchema,
  type RequirementDetail,
  type UpdateRequirementBody,
} from '@rtms/shared/schemas/requirements';

/** One facility binding as the form holds it (with the facility's label for display). */
export interface BindingValues {
  facilityId: string;
  facilityLabel: string;
  applicable: boolean;
  notApplicableReason?: string | null;
  assigneeId?: string | null;
  firstDueDate?: string | null;
}

/** The requirement form's values; `backfill` turns `backfillFrom` on. */
export interface RequirementFormValues {
  title?: string;
  description?: string | null;
  regulationId?: string | null;
  citation?: string | null;
  programAreaId?: string | null;
  category?: TaskCategory;
  frequency?: TaskFrequency;
  scheduleMode: ScheduleMode;
  firstDueDate?: string | null;
  weekendShift: WeekendShift;
  /** PERIOD_END: which due rule the form shows (only that one is sent). */
  periodDueRule?: 'DAYS' | 'DAY_OF_MONTH';
  periodDueDays?: number | null;
  periodDueDayOfMonth?: number | null;
  periodStartMonth?: number | null;
  leadTimeDays?: number | null;
  graceDays?: number | null;
  evidenceRequired: boolean;
  minEvidence?: number | null;
  reviewRequired?: boolean;
  permitNumber?: string | null;
  activeFrom?: string | null;
  activeUntil?: string | null;
  defaultAssigneeId?: string | null;
  facilities: BindingValues[];
  backfill: boolean;
  backfillFrom?: string | null;
  reminderFirstBeforeDays?: number | null;
  reminderSecondBeforeDays?: number | null;
  escalateFacilityAfterDays?: number | null;
  escalateAllAfterDays?: number | null;
}

/**
 * Top-level fields the form sends (server field errors land on these): those of the shared update body, read
 * from its schema so that a field added there is mapped here too, but `status`, which only the retire action sets.
 */
export type RequirementField = Exclude<keyof UpdateRequirementBody, 'status'>;
export const REQUIREMENT_FIELDS = updateRequirementBodySchema
  .keyof()
  .options.filter((field): field is RequirementField => field !== 'status');

/** The form's starting values: a new requirement's defaults, or the requirement's own. */
export function initialRequirementValues(requirement?: RequirementDetail): RequirementFormValues {
  if (!requirement) {
    return {
      scheduleMode: 'CALENDAR',
      weekendShift: 'NONE',
      periodDueRule: 'DAYS',
      periodStartMonth: 1,
      evidenceRequired: false,
      minEvidence: 1,
      reviewRequired: false,
      facilities: [],
      backfill: false,
    };
  }
  return {
    title: requirement.title,
    description: requirement.description,
    regulationId: requirement.regulationId,
    citation: requirement.citation,
    programAreaId: requirement.programAreaId,
    category: requirement.category,
    frequency: requirement.frequency,
    scheduleMode: requirement.scheduleMode,
    firstDueDate: requirement.firstDueDate,
    weekendShift: requirement.weekendShift,
    periodDueRule: requirement.periodDueDayOfMonth !== null ? 'DAY_OF_MONTH' : 'DAYS',
    periodDueDays: requirement.periodDueDays,
    periodDueDayOfMonth: requirement.periodDueDayOfMonth,
    periodStartMonth: requirement.periodStartMonth,
    leadTimeDays: requirement.leadTimeDays,
    graceDays: requirement.graceDays,
    evidenceRequired: requirement.evidenceRequired,
    minEvidence: requirement.evidenceRequired ? requirement.minEvidence : 1,
    reviewRequired: requirement.reviewRequired,
    permitNumber: requirement.permitNumber,
    activeFrom: requirement.activeFrom,
    activeUntil: requirement.activeUntil,
    defaultAssigneeId: requirement.defaultAssigneeId,
    reminderFirstBeforeDays: requirement.reminderFirstBeforeDays,
    reminderSecondBeforeDays: requirement.reminderSecondBeforeDays,
    escalateFacilityAfterDays: requirement.escalateFacilityAfterDays,
    escalateAllAfterDays: requirement.escalateAllAfterDays,
    facilities: requirement.facilities.map((binding) => ({
      facilityId: binding.facilityId,
      facilityLabel: `${binding.facilityName} (${binding.facilityCode})`,
      applicable: binding.applicable,
      notApplicableReason: binding.notApplicableReason,
      assigneeId: binding.assigneeId,
      firstDueDate: binding.firstDueDate,
    })),
    backfill: false,
  };
}

/**
 * Whether lead time and grace were set by hand, i.e. differ from the defaults of `frequency`: those are
 * kept when the frequency changes; the others follow the new frequency's defaults.
 */
export function windowsSetByHand(
  frequency: TaskFrequency | undefined,
  leadTimeDays: number | null | undefined,
  graceDays: number | null | undefined,
): { lead: boolean; grace: boolean } {
  if (!frequency)
    return {
      lead: leadTimeDays !== undefined && leadTimeDays !== null,
      grace: graceDays !== undefined && graceDays !== null,
    };
  return {
    lead: leadTimeDays !== undefined && leadTimeDays !== null && leadTimeDays !== defaultLeadTimeDays(frequency),
    grace: graceDays !== undefined && graceDays !== null && graceDays !== defaultGraceDays(frequency),
  };
}

/** The lead time and grace to fill in when the frequency becomes `frequency` (only the ones not set by hand). */
export function windowDefaultsFor(
  frequency: TaskFrequency,
  setByHand: { lead: boolean; grace: boolean },
): Partial<Pick<RequirementFormValues, 'leadTimeDays' | 'graceDays'>> {
  return {
    ...(setByHand.lead ? {} : { leadTimeDays: defaultLeadTimeDays(frequency) }),
    ...(setByHand.grace ? {} : { graceDays: defaultGraceDays(frequency) }),
  };
}

/**
 * The form's values as the create/update body (before the shared schema parses it): bindings without
 * their labels, the backfill date only when asked for, evidence minimum only when evidence is required.
 */
export function requirementBodyFrom(values: RequirementFormValues): Record<string, unknown> {
  const {
    backfill,
    backfillFrom,
    facilities,
    minEvidence,
    evidenceRequired,
    periodDueRule,
    periodDueDays,
    periodDueDayOfMonth,
    periodStartMonth,
    ...rest
  } = values;
  // A period-end rule sends the due rule shown and clears the other; other modes send neither.
  const periodEnd = values.scheduleMode === 'PERIOD_END';
  const byDayOfMonth = periodDueRule === 'DAY_OF_MONTH';
  return {
    ...rest,
    periodDueDays: periodEnd && !byDayOfMonth ? (periodDueDays ?? null) : null,
    periodDueDayOfMonth: periodEnd && byDayOfMonth ? (periodDueDayOfMonth ?? null) : null,
    periodStartMonth: periodStartMonth ?? 1,
    evidenceRequired,
    minEvidence: evidenceRequired ? minEvidence : 0,
    reviewRequired: values.reviewRequired ?? false,
    backfillFrom: backfill ? (backfillFrom ?? null) : null,
    facilities: facilities.map((binding) =>
      binding.applicable
        ? {
            facilityId: binding.facilityId,
            applicable: true,
            assigneeId: binding.assigneeId ?? null,
            firstDueDate: binding.firstDueDate ?? null,
          }
        : {
            facilityId: binding.facilityId,
            applicable: false,
            notApplicableReason: binding.notApplicableReason ?? null,
            assigneeId: binding.assigneeId ?? null,
            firstDueDate: binding.firstDueDate ?? null,
          },
    ),
  };
}
