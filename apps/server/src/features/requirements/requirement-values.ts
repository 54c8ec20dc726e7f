/**
 * A requirement's values as the API, the audit trail and the task series see them: the merge of a
 * create or update body into the stored row, the audited fields, the response shape and the series
 * rule of a binding. Pure functions; requirements.service.ts and requirement-draft.ts use them.
 */
import { displayNameOf } from '@rtms/shared/display-name';
import type { TaskFrequency } from '@rtms/shared/enums';
import { defaultGraceDays, defaultLeadTimeDays } from '@rtms/shared/recurrence';
import type { ReminderOverrides } from '@rtms/shared/schemas/reminder-policy';
import type { Requirement, updateRequirementBodySchema } from '@rtms/shared/schemas/requirements';
import type { z } from 'zod';
import { invalid } from '../../platform/errors';
import { foldForSearch } from '../../platform/search-text';
import { periodRuleOf, seriesRuleOf, type SeriesRule } from '../tasks/task-series';
import type { RequirementListRow } from './requirements.repository';
import type { BindingRow, RequirementRow } from './requirements.table';

export type UpdateBody = z.output<typeof updateRequirementBodySchema>;

/** The requirement columns a body sets (everything but id, search text and timestamps). */
export type RequirementValues = Omit<RequirementRow, 'id' | 'searchText' | 'createdAt' | 'updatedAt'>;

const AUDITED_FIELDS = [
  'title',
  'description',
  'regulationId',
  'citation',
  'programAreaId',
  'category',
  'frequency',
  'scheduleMode',
  'firstDueDate',
  'weekendShift',
  'periodStartMonth',
  'periodDueDays',
  'periodDueDayOfMonth',
  'leadTimeDays',
  'graceDays',
  'evidenceRequired',
  'minEvidence',
  'reviewRequired',
  'permitNumber',
  'activeFrom',
  'activeUntil',
  'defaultAssigneeId',
  'reminderFirstBeforeDays',
  'reminderSecondBeforeDays',
  'escalateFacilityAfterDays',
  'escalateAllAfterDays',
  'status',
] as const satisfies readonly (keyof RequirementValues)[];

export function audited(values: RequirementValues): Record<string, unknown> {
  return Object.fromEntries(
    AUDITED_FIELDS.map((field) => [
      field,
      field === 'evidenceRequired' || field === 'reviewRequired' ? Boolean(values[field]) : values[field],
    ]),
  );
}

export function auditedBinding(binding: BindingRow | undefined): Record<string, unknown> | null {
  if (!binding || !binding.bound) return null;
  return {
    applicable: Boolean(binding.applicable),
    notApplicableReason: binding.notApplicableReason,
    assigneeId: binding.assigneeId,
    firstDueDate: binding.firstDueDate,
  };
}

export function searchTextOf(
  values: Pick<RequirementValues, 'title' | 'description' | 'citation' | 'permitNumber'>,
): string {
  return foldForSearch(values.title, values.citation, values.permitNumber, values.description);
}

export function nameOf(first: string | null, last: string | null): string | null {
  if (first === null && last === null) return null;
  return displayNameOf({ firstName: first, lastName: last }) || null;
}

export function toRequirement(row: RequirementListRow): Requirement {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    regulationId: row.regulationId,
    regulationTitle: row.regulationTitle,
    citation: row.citation,
    programAreaId: row.programAreaId,
    programAreaName: row.programAreaName,
    category: row.category,
    frequency: row.frequency,
    scheduleMode: row.scheduleMode,
    firstDueDate: row.firstDueDate,
    weekendShift: row.weekendShift,
    ...periodRuleOf(row),
    leadTimeDays: Number(row.leadTimeDays),
    graceDays: Number(row.graceDays),
    evidenceRequired: Boolean(row.evidenceRequired),
    minEvidence: Number(row.minEvidence),
    reviewRequired: Boolean(row.reviewRequired),
    permitNumber: row.permitNumber,
    activeFrom: row.activeFrom,
    activeUntil: row.activeUntil,
    defaultAssigneeId: row.defaultAssigneeId,
    defaultAssigneeName: nameOf(row.assigneeFirstName, row.assigneeLastName),
    ...reminderOverridesOf(row),
    status: row.status,
    facilityCount: Number(row.facilityCount ?? 0),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The reminder policy overrides (null: the frequency's policy; PostgreSQL may answer integers as text). */
function reminderOverridesOf(row: ReminderOverrides): ReminderOverrides {
  const n = (value: number | null) => (value === null ? null : Number(value));
  return {
    reminderFirstBeforeDays: n(row.reminderFirstBeforeDays),
    reminderSecondBeforeDays: n(row.reminderSecondBeforeDays),
    escalateFacilityAfterDays: n(row.escalateFacilityAfterDays),
    escalateAllAfterDays: n(row.escalateAllAfterDays),
  };
}

/** Whether a binding has a live series: bound, applicable, of an ACTIVE requirement. */
export function isLive(requirement: RequirementValues, binding: BindingRow | undefined): binding is BindingRow {
  return Boolean(binding && requirement.status === 'ACTIVE' && binding.bound && binding.applicable);
}

/** The rule a binding's tasks follow (or, when the series is not live, would follow). */
export function ruleOf(requirement: RequirementValues, binding: BindingRow): SeriesRule {
  return seriesRuleOf(requirement, binding.firstDueDate);
}

/** The values after applying a create (before = null) or update body. */
export function mergedValues(before: RequirementRow | null, body: UpdateBody): RequirementValues {
  const chosen = body.frequency ?? before?.frequency;
  if (!chosen) throw invalid('Please choose a frequency', [{ path: 'frequency', message: 'Required' }]);
  const frequency: TaskFrequency = chosen;
  // Lead time and grace that were the old frequency's defaults follow a change of frequency.
  const followsDefault = (value: number | undefined, fallback: (f: TaskFrequency) => number) =>
    before && value === fallback(before.frequency) ? fallback(frequency) : (value ?? fallback(frequency));
  const pick = <K extends keyof UpdateBody & keyof RequirementValues>(key: K, fallback: RequirementValues[K]) =>
    (body[key] !== undefined ? body[key] : before ? before[key] : fallback) as RequirementValues[K];
  const evidenceRequired = body.evidenceRequired ?? (before ? Boolean(before.evidenceRequired) : false);
  const scheduleMode = pick('scheduleMode', 'CALENDAR');
  // Setting one due rule of a period-end requirement clears the other; other modes keep neither.
  let periodDueDays = pick('periodDueDays', null);
  let periodDueDayOfMonth = pick('periodDueDayOfMonth', null);
  if (body.periodDueDays != null && body.periodDueDayOfMonth === undefined) periodDueDayOfMonth = null;
  if (body.periodDueDayOfMonth != null && body.periodDueDays === undefined) periodDueDays = null;
  if (scheduleMode !== 'PERIOD_END') {
    periodDueDays = null;
    periodDueDayOfMonth = null;
  }
  const minEvidence = body.minEvidence ?? (before ? Number(before.minEvidence) : 0);
  return {
    title: pick('title', ''),
    description: pick('description', null),
    regulationId: pick('regulationId', null),
    citation: pick('citation', null),
    programAreaId: pick('programAreaId', null),
    category: pick('category', 'SAFETY'),
    frequency,
    scheduleMode,
    firstDueDate: pick('firstDueDate', ''),
    weekendShift: pick('weekendShift', 'NONE'),
    periodStartMonth: Number(pick('periodStartMonth', 1)),
    periodDueDays,
    periodDueDayOfMonth,
    leadTimeDays:
      body.leadTimeDays ?? followsDefault(before ? Number(before.leadTimeDays) : undefined, defaultLeadTimeDays),
    graceDays: body.graceDays ?? followsDefault(before ? Number(before.graceDays) : undefined, defaultGraceDays),
    evidenceRequired: evidenceRequired ? 1 : 0,
    // Requiring evidence means at least one document.
    minEvidence: evidenceRequired ? Math.max(1, minEvidence) : minEvidence,
    reviewRequired: (body.reviewRequired ?? (before ? Boolean(before.reviewRequired) : false)) ? 1 : 0,
    permitNumber: pick('permitNumber', null),
    activeFrom: pick('activeFrom', null),
    activeUntil: pick('activeUntil', null),
    defaultAssigneeId: pick('defaultAssigneeId', null),
    reminderFirstBeforeDays: pick('reminderFirstBeforeDays', null),
    reminderSecondBeforeDays: pick('reminderSecondBeforeDays', null),
    escalateFacilityAfterDays: pick('escalateFacilityAfterDays', null),
    escalateAllAfterDays: pick('escalateAllAfterDays', null),
    status: pick('status', 'ACTIVE'),
  };
}
