/**
 * The validation and planning of a requirement edit before anything is written: the caller's right to
 * change it, the facilities and assignees it names, the bindings after it and, for each binding, the
 * task series before and after (what task generation plans from). Used by a save and by a preview.
 */
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import type { FieldError } from '@rtms/shared/error-codes';
import { requirementChangeRefusal } from '@rtms/shared/requirement-actions';
import { scheduleRuleErrors } from '@rtms/shared/schemas/requirements';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { forbidden, invalid, validationError } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { assertAssignable } from '../tasks/assignable-users';
import type { SeriesChange } from '../tasks/task-generation.service';
import { assertFacilitiesInScope, type FacilityScope } from '../user-facilities/facility-scope';
import { findBindingRows, findFacilitiesForBinding } from './requirements.repository';
import type { BindingRow, RequirementRow } from './requirements.table';
import { isLive, mergedValues, ruleOf, type RequirementValues, type UpdateBody } from './requirement-values';

/** A binding after the edit, and whether this edit creates it. */
export type DraftBinding = BindingRow & { isNew: boolean };

interface FacilityInfo {
  id: string;
  name: string;
  code: string;
  timeZone: string;
  status: string;
}

export interface Draft {
  id: string;
  before: RequirementRow | null;
  values: RequirementValues;
  bindingsBefore: Map<string, BindingRow>;
  bindings: DraftBinding[];
  facilities: Map<string, FacilityInfo>;
  changes: SeriesChange[];
}

/**
 * Validates an edit (create when `before` is null) against the caller's scope and the directory, and
 * works out the bindings after it and the series each binding's tasks follow before and after.
 */
export async function draftEdit(
  executor: Kysely<Database>,
  clock: Clock,
  principal: Principal,
  scope: FacilityScope,
  before: RequirementRow | null,
  body: UpdateBody,
): Promise<Draft> {
  const id = before?.id ?? newId();
  const values = mergedValues(before, body);
  const bindingRows = before ? await findBindingRows(executor, before.id) : [];
  const bindingsBefore = new Map(bindingRows.map((binding) => [binding.facilityId, binding]));

  if (before) {
    const refusal = requirementChangeRefusal({
      role: principal.role,
      callerFacilityIds: scope.all ? [] : scope.facilityIds,
      boundFacilityIds: bindingRows.filter((binding) => binding.bound).map((binding) => binding.facilityId),
    });
    if (refusal) throw forbidden(refusal);
  }

  const inputs =
    body.facilities ??
    bindingRows
      .filter((binding) => binding.bound)
      .map((binding) => ({
        facilityId: binding.facilityId,
        applicable: Boolean(binding.applicable),
        notApplicableReason: binding.notApplicableReason,
        assigneeId: binding.assigneeId,
        firstDueDate: binding.firstDueDate,
      }));
  if (!scope.all && inputs.length === 0) {
    throw invalid('Choose at least one of your facilities', [
      { path: 'facilities', message: 'Choose at least one of your facilities' },
    ]);
  }

  assertFacilitiesInScope(
    scope,
    inputs.map((input) => input.facilityId),
  );
  const facilityRows = await findFacilitiesForBinding(
    executor,
    inputs.map((input) => input.facilityId),
  );
  const facilities = new Map<string, FacilityInfo>(facilityRows.map((facility) => [facility.id, facility]));
  const details: FieldError[] = [];
  inputs.forEach((input, index) => {
    if (!facilities.has(input.facilityId)) {
      details.push({ path: `facilities.${index}.facilityId`, message: 'Unknown facility' });
    }
  });
  if (!values.firstDueDate) details.push({ path: 'firstDueDate', message: 'Please choose the first due date' });
  details.push(...scheduleRuleErrors(values));
  if (details.length) {
    throw validationError(details);
  }

  // Assignees must be able to see the facilities whose tasks they get.
  const instant = clock();
  const now = nowIso(instant);
  const bindings: DraftBinding[] = [];
  const listed = new Set<string>();
  for (const [index, input] of inputs.entries()) {
    listed.add(input.facilityId);
    const facility = facilities.get(input.facilityId)!;
    const existing = bindingsBefore.get(input.facilityId);
    const applicable = input.applicable ?? true;
    const assigneeId = input.assigneeId !== undefined ? input.assigneeId : (existing?.assigneeId ?? null);
    if (assigneeId && assigneeId !== existing?.assigneeId) {
      await assertAssignable(executor, assigneeId, [input.facilityId], `facilities.${index}.assigneeId`);
    }
    const fields = {
      bound: 1,
      applicable: applicable ? 1 : 0,
      notApplicableReason: applicable ? null : (input.notApplicableReason ?? null),
      assigneeId,
      firstDueDate: input.firstDueDate !== undefined ? input.firstDueDate : (existing?.firstDueDate ?? null),
    };
    if (existing) {
      bindings.push({ ...existing, ...fields, isNew: false });
    } else {
      bindings.push({
        id: newId(),
        requirementId: id,
        facilityId: input.facilityId,
        ...fields,
        generateFrom: body.backfillFrom ?? todayInTimeZone(facility.timeZone, instant),
        sequenceOffset: 0,
        materializedTo: null,
        revision: 0,
        createdAt: now,
        updatedAt: now,
        isNew: true,
      });
    }
  }
  for (const binding of bindingRows) {
    if (!listed.has(binding.facilityId)) bindings.push({ ...binding, bound: 0, isNew: false });
  }
  if (values.defaultAssigneeId && (values.defaultAssigneeId !== before?.defaultAssigneeId || body.facilities)) {
    const covered = bindings.filter((b) => b.bound && b.applicable && !b.assigneeId).map((b) => b.facilityId);
    await assertAssignable(executor, values.defaultAssigneeId, covered, 'defaultAssigneeId');
  }

  // Facilities of unbound bindings (not in the inputs) are needed for their zone and name.
  const missing = bindings.filter((b) => !facilities.has(b.facilityId)).map((b) => b.facilityId);
  for (const facility of await findFacilitiesForBinding(executor, missing)) facilities.set(facility.id, facility);

  const changes: SeriesChange[] = [];
  for (const binding of bindings) {
    const previous = bindingsBefore.get(binding.facilityId);
    const wasLive = before !== null && isLive(before, previous);
    const willBeLive = isLive(values, binding);
    if (!wasLive && !willBeLive) continue;
    // The old rule numbers the series even when it was paused (retired, unbound, not applicable):
    // a series that resumes with the same rule keeps its numbers, and touched tasks keep their place.
    const oldRule = before && previous ? ruleOf(before, previous) : null;
    const newRule = willBeLive ? ruleOf(values, binding) : null;
    const facility = facilities.get(binding.facilityId)!;
    changes.push({
      bindingId: binding.id,
      facilityId: binding.facilityId,
      facilityName: facility.name,
      timeZone: facility.timeZone,
      isNew: binding.isNew,
      oldRule,
      newRule,
      offset: Number(binding.sequenceOffset),
      generateFrom: binding.generateFrom,
      fields: {
        requirementId: id,
        title: values.title,
        category: values.category,
        frequency: values.frequency,
        assigneeId: binding.assigneeId ?? values.defaultAssigneeId,
      },
    });
  }
  return { id, before, values, bindingsBefore, bindings, facilities, changes };
}
