import type { ReminderOverrides } from '@rtms/shared/schemas/reminder-policy';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { displayNameOf } from '@rtms/shared/display-name';
import type { FieldError } from '@rtms/shared/error-codes';
import type { TaskFrequency } from '@rtms/shared/enums';
import { defaultGraceDays, defaultLeadTimeDays } from '@rtms/shared/recurrence';
import type { AuditChanges } from '@rtms/shared/schemas/audit';
import {
  createRequirementBodySchema,
  scheduleRuleErrors,
  type Requirement,
  type RequirementDetail,
  type RequirementListItem,
  type RequirementListQuery,
  type RequirementPreview,
  type TaskChangeCounts,
  type previewRequirementBodySchema,
  type retireRequirementBodySchema,
  type updateRequirementBodySchema,
} from '@rtms/shared/schemas/requirements';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { requirementActionsOf, requirementChangeRefusal } from '@rtms/shared/requirement-actions';
import { fieldErrorsOf, forbidden, invalid, notFound, validationError } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { type Page, pageWindow, parseSort } from '../../platform/list-query';
import { foldForSearch } from '../../platform/search-text';
import { actorOf, changesBetween, type AuditService } from '../audit/audit.service';
import type { ProgramAreasService } from '../program-areas/program-areas.service';
import type { RegulationsService } from '../regulations/regulations.service';
import { assertAssignable } from '../tasks/assignable-users';
import type { SeriesChange, TaskGenerationService } from '../tasks/task-generation.service';
import { bumpTasksRevision } from '../tasks/tasks.repository';
import type { SeriesRule } from '../tasks/task-series';
import {
  facilityScopeOf,
  isFacilityInScope,
  scopeFacilityIds,
  type FacilityScope,
} from '../user-facilities/facility-scope';
import {
  countRequirements,
  findBindingRows,
  findBindingsWithLabels,
  findBoundFacilityIds,
  findFacilitiesForBinding,
  findLabelledRequirement,
  findRequirementRowById,
  insertBindings,
  insertRequirement,
  listRequirements,
  lockRequirement,
  updateBindingRow,
  updateRequirementRow,
  type RequirementListRow,
  type RequirementSortField,
} from './requirements.repository';
import type { BindingRow, RequirementRow } from './requirements.table';

type CreateBody = z.output<typeof createRequirementBodySchema>;
type UpdateBody = z.output<typeof updateRequirementBodySchema>;
type PreviewBody = z.output<typeof previewRequirementBodySchema>;
type RetireBody = z.output<typeof retireRequirementBodySchema>;

/** What create, update and retire answer: the requirement and what the save did to its tasks. */
export interface RequirementSaveResult {
  data: RequirementDetail;
  meta: { tasks: TaskChangeCounts };
}

export interface RequirementsService {
  /** Requirements binding at least one facility in the caller's scope (all for the all-facility roles). */
  list(principal: Principal, query: RequirementListQuery): Promise<Page<RequirementListItem>>;
  /** One requirement with its bindings in the caller's scope; 404 when it binds none of them. */
  get(principal: Principal, id: string): Promise<RequirementDetail>;
  /** Creates a requirement, binds its facilities and generates their tasks up to the horizon. */
  create(principal: Principal, body: CreateBody): Promise<RequirementSaveResult>;
  /** Partial update; rewrites only future tasks nobody has touched. */
  update(principal: Principal, id: string, body: UpdateBody): Promise<RequirementSaveResult>;
  /** Retires: no new tasks; untouched future tasks are removed, history stays. */
  retire(principal: Principal, id: string, body: RetireBody): Promise<RequirementSaveResult>;
  /**
   * A create (id null) or update inside the caller's transaction (the bulk import): references must be
   * known to exist and the body already parsed. Throws AppError as create and update do.
   */
  saveWithin(
    trx: Transaction<Database>,
    principal: Principal,
    scope: FacilityScope,
    id: string | null,
    body: UpdateBody,
  ): Promise<{ id: string; counts: TaskChangeCounts }>;
  /** The tasks a create (no `requirementId`) or an update would add, move and remove; nothing is written. */
  preview(principal: Principal, body: PreviewBody): Promise<RequirementPreview>;
}

export interface RequirementsServiceDeps {
  audit: AuditService;
  generation: TaskGenerationService;
  regulations: Pick<RegulationsService, 'findByIds'>;
  programAreas: Pick<ProgramAreasService, 'findByIds'>;
  clock: Clock;
}

/** The requirement columns a body sets (everything but id, search text and timestamps). */
type RequirementValues = Omit<RequirementRow, 'id' | 'searchText' | 'createdAt' | 'updatedAt'>;

/** A binding after the edit, and whether this edit creates it. */
type DraftBinding = BindingRow & { isNew: boolean };

interface FacilityInfo {
  id: string;
  name: string;
  code: string;
  timeZone: string;
  status: string;
}

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

function audited(values: RequirementValues): Record<string, unknown> {
  return Object.fromEntries(
    AUDITED_FIELDS.map((field) => [field, field === 'evidenceRequired' ? Boolean(values[field]) : values[field]]),
  );
}

function auditedBinding(binding: BindingRow | undefined): Record<string, unknown> | null {
  if (!binding || !binding.bound) return null;
  return {
    applicable: Boolean(binding.applicable),
    notApplicableReason: binding.notApplicableReason,
    assigneeId: binding.assigneeId,
    firstDueDate: binding.firstDueDate,
  };
}

function searchTextOf(values: Pick<RequirementValues, 'title' | 'description' | 'citation' | 'permitNumber'>): string {
  return foldForSearch(values.title, values.citation, values.permitNumber, values.description);
}

function nameOf(first: string | null, last: string | null): string | null {
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
    periodStartMonth: Number(row.periodStartMonth),
    periodDueDays: row.periodDueDays === null ? null : Number(row.periodDueDays),
    periodDueDayOfMonth: row.periodDueDayOfMonth === null ? null : Number(row.periodDueDayOfMonth),
    leadTimeDays: Number(row.leadTimeDays),
    graceDays: Number(row.graceDays),
    evidenceRequired: Boolean(row.evidenceRequired),
    minEvidence: Number(row.minEvidence),
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
function isLive(requirement: RequirementValues, binding: BindingRow | undefined): binding is BindingRow {
  return Boolean(binding && requirement.status === 'ACTIVE' && binding.bound && binding.applicable);
}

/** The rule a binding's tasks follow (or, when the series is not live, would follow). */
function ruleOf(requirement: RequirementValues, binding: BindingRow): SeriesRule {
  return {
    scheduleMode: requirement.scheduleMode,
    anchor: binding.firstDueDate ?? requirement.firstDueDate,
    frequency: requirement.frequency,
    weekendShift: requirement.weekendShift,
    activeFrom: requirement.activeFrom,
    activeUntil: requirement.activeUntil,
    periodStartMonth: Number(requirement.periodStartMonth),
    periodDueDays: requirement.periodDueDays === null ? null : Number(requirement.periodDueDays),
    periodDueDayOfMonth: requirement.periodDueDayOfMonth === null ? null : Number(requirement.periodDueDayOfMonth),
  };
}

/** The values after applying a create (before = null) or update body. */
function mergedValues(before: RequirementRow | null, body: UpdateBody): RequirementValues {
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

export function createRequirementsService(db: Kysely<Database>, deps: RequirementsServiceDeps): RequirementsService {
  const { audit, generation, regulations, programAreas, clock } = deps;

  interface Draft {
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
  async function draft(
    executor: Kysely<Database>,
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

    const facilityRows = await findFacilitiesForBinding(
      executor,
      inputs.map((input) => input.facilityId),
    );
    const facilities = new Map<string, FacilityInfo>(facilityRows.map((facility) => [facility.id, facility]));
    const details: FieldError[] = [];
    inputs.forEach((input, index) => {
      if (!facilities.has(input.facilityId) || !isFacilityInScope(scope, input.facilityId)) {
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

  /**
   * The regulation and program area a body names must exist. Checked through their features' services,
   * before any transaction (on SQLite a query outside the open transaction would wait for it).
   */
  async function assertReferencesExist(body: UpdateBody): Promise<void> {
    const details: FieldError[] = [];
    if (body.regulationId) {
      const [regulation] = await regulations.findByIds([body.regulationId]);
      if (!regulation) details.push({ path: 'regulationId', message: 'Unknown regulation' });
    }
    if (body.programAreaId) {
      const [area] = await programAreas.findByIds([body.programAreaId]);
      if (!area) details.push({ path: 'programAreaId', message: 'Unknown program area' });
    }
    if (details.length) throw validationError(details);
  }

  async function readDetail(
    executor: Kysely<Database>,
    principal: Principal,
    scope: FacilityScope,
    id: string,
  ): Promise<RequirementDetail> {
    const row = await findLabelledRequirement(executor, id);
    if (!row) throw notFound('Requirement');
    const bindings = await findBindingsWithLabels(executor, [id]);
    const visible = bindings.filter((binding) => isFacilityInScope(scope, binding.facilityId));
    if (!scope.all && visible.length === 0) throw notFound('Requirement');
    const requirement = toRequirement(row);
    return {
      ...requirement,
      allowedActions: requirementActionsOf({
        role: principal.role,
        callerFacilityIds: scope.all ? [] : scope.facilityIds,
        boundFacilityIds: (await findBindingRows(executor, id))
          .filter((binding) => binding.bound)
          .map((binding) => binding.facilityId),
        status: requirement.status,
      }),
      facilities: visible.map((binding) => ({
        _id: binding.id,
        facilityId: binding.facilityId,
        facilityName: binding.facilityName,
        facilityCode: binding.facilityCode,
        timeZone: binding.timeZone,
        applicable: Boolean(binding.applicable),
        notApplicableReason: binding.notApplicableReason,
        assigneeId: binding.assigneeId,
        assigneeName: nameOf(binding.assigneeFirstName, binding.assigneeLastName),
        firstDueDate: binding.firstDueDate,
        generateFrom: binding.generateFrom,
        createdAt: binding.createdAt,
        updatedAt: binding.updatedAt,
      })),
    };
  }

  /** Creates or updates inside one transaction: requirement, bindings, tasks and audit events. */
  async function save(
    principal: Principal,
    id: string | null,
    body: UpdateBody,
    extra: { reason?: string | null } = {},
  ): Promise<RequirementSaveResult> {
    await assertReferencesExist(body);
    const scope = await facilityScopeOf(db, principal);
    const result = await db.transaction().execute((trx) => saveIn(trx, principal, scope, id, body, extra));
    return { data: await readDetail(db, principal, scope, result.id), meta: { tasks: result.counts } };
  }

  /**
   * The writes of a create (id null) or update inside the caller's transaction: requirement, bindings,
   * tasks and audit events. The regulation and program area must already be known to exist.
   */
  async function saveIn(
    trx: Transaction<Database>,
    principal: Principal,
    scope: FacilityScope,
    id: string | null,
    body: UpdateBody,
    extra: { reason?: string | null } = {},
  ): Promise<{ id: string; counts: TaskChangeCounts }> {
    let before: RequirementRow | null = null;
    if (id) {
      await lockRequirement(trx, id);
      before = (await findRequirementRowById(trx, id)) ?? null;
      if (!before) throw notFound('Requirement');
      const bindings = await findBindingRows(trx, id);
      if (!scope.all && !bindings.some((b) => b.bound && isFacilityInScope(scope, b.facilityId))) {
        throw notFound('Requirement');
      }
    }
    const edit = await draft(trx, principal, scope, before, body);
    const planned = await generation.plan(trx, edit.changes);
    const now = nowIso(clock());
    const values = edit.values;
    if (!before) {
      await insertRequirement(trx, {
        id: edit.id,
        ...values,
        searchText: searchTextOf(values),
        createdAt: now,
        updatedAt: now,
      });
    }
    const plans = new Map(planned.map((change) => [change.bindingId, change.plan]));
    const fresh = edit.bindings.filter((binding) => binding.isNew);
    await insertBindings(
      trx,
      fresh.map(({ isNew: _isNew, ...binding }) => {
        const plan = plans.get(binding.id);
        return { ...binding, sequenceOffset: plan?.offset ?? 0, materializedTo: plan?.materializedTo ?? null };
      }),
    );
    const counts = await generation.apply(trx, planned);

    const requirementChanges = changesBetween(before ? audited(before) : null, audited(values));
    if (before && Object.keys(requirementChanges).length) {
      await updateRequirementRow(trx, edit.id, { ...values, searchText: searchTextOf(values), updatedAt: now });
      // A task's state (UPCOMING or open) reads the lead time: cached task counts must not outlive it.
      if ('leadTimeDays' in requirementChanges) await bumpTasksRevision(trx);
    }
    const bindingEvents: { facilityId: string; changes: AuditChanges }[] = [];
    for (const binding of edit.bindings) {
      const previous = edit.bindingsBefore.get(binding.facilityId);
      const bindingChanges = changesBetween(auditedBinding(previous) ?? {}, auditedBinding(binding) ?? {});
      const unbound = Boolean(previous?.bound) !== Boolean(binding.bound);
      if (unbound || binding.isNew) {
        bindingEvents.push({
          facilityId: binding.facilityId,
          changes: { facility: { before: auditedBinding(previous), after: auditedBinding(binding) } },
        });
      } else if (Object.keys(bindingChanges).length) {
        bindingEvents.push({ facilityId: binding.facilityId, changes: bindingChanges });
      }
      if (binding.isNew) continue;
      const plan = plans.get(binding.id);
      const offset = plan ? plan.offset : Number(binding.sequenceOffset);
      const materializedTo = plan ? plan.materializedTo : binding.materializedTo;
      if (unbound || Object.keys(bindingChanges).length || plan) {
        await updateBindingRow(trx, binding.id, {
          bound: binding.bound,
          applicable: binding.applicable,
          notApplicableReason: binding.notApplicableReason,
          assigneeId: binding.assigneeId,
          firstDueDate: binding.firstDueDate,
          sequenceOffset: offset,
          materializedTo,
          revision: Number(binding.revision) + 1,
          updatedAt: unbound || Object.keys(bindingChanges).length ? now : binding.updatedAt,
        });
      }
    }

    const bound = edit.bindings.filter((binding) => binding.bound);
    const facilityId = bound.length === 1 ? bound[0]!.facilityId : null;
    const taskCounts: AuditChanges =
      counts.added || counts.moved || counts.removed ? { tasks: { before: null, after: counts } } : {};
    if (!before || Object.keys(requirementChanges).length || bindingEvents.length || Object.keys(taskCounts).length) {
      const action = !before
        ? 'CREATE'
        : requirementChanges.status
          ? values.status === 'RETIRED'
            ? 'RETIRE'
            : 'REACTIVATE'
          : 'UPDATE';
      await audit.record(trx, {
        actor: actorOf(principal),
        action,
        entityType: 'REQUIREMENT',
        entityId: edit.id,
        facilityId,
        changes: {
          ...requirementChanges,
          ...taskCounts,
          ...(extra.reason ? { reason: { before: null, after: extra.reason } } : {}),
        },
      });
      // Facility roles see the audit events of their facilities: one event per facility whose binding changed.
      for (const event of bindingEvents) {
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'UPDATE',
          entityType: 'REQUIREMENT',
          entityId: edit.id,
          facilityId: event.facilityId,
          changes: event.changes,
        });
      }
    }
    return { id: edit.id, counts };
  }

  return {
    async list(principal, query) {
      const scope = await facilityScopeOf(db, principal);
      const filters = {
        search: query.search,
        status: query.status,
        category: query.category,
        frequency: query.frequency,
        scheduleMode: query.scheduleMode,
        programAreaId: query.programAreaId,
        regulationId: query.regulationId,
        facilityId: query.facilityId,
        scopeFacilityIds: scopeFacilityIds(scope),
      };
      const sort = parseSort(query.sort, 'title');
      const [total, rows] = await Promise.all([
        countRequirements(db, filters),
        listRequirements(
          db,
          filters,
          { field: sort.field as RequirementSortField, direction: sort.direction },
          pageWindow(query),
        ),
      ]);
      const bound = await findBoundFacilityIds(
        db,
        rows.map((row) => row.id),
      );
      const data = rows.map((row) => {
        const requirement = toRequirement(row);
        return {
          ...requirement,
          allowedActions: requirementActionsOf({
            role: principal.role,
            callerFacilityIds: scope.all ? [] : scope.facilityIds,
            boundFacilityIds: bound.get(row.id) ?? [],
            status: requirement.status,
          }),
        };
      });
      return { data, meta: { total, page: query.page, pageSize: query.pageSize } };
    },

    async get(principal, id) {
      return readDetail(db, principal, await facilityScopeOf(db, principal), id);
    },

    create: (principal, body) => save(principal, null, body),

    update: (principal, id, body) => save(principal, id, body),

    retire: (principal, id, body) => save(principal, id, { status: 'RETIRED' }, { reason: body.reason }),

    saveWithin: (trx, principal, scope, id, body) => saveIn(trx, principal, scope, id, body),

    async preview(principal, body) {
      const { requirementId, ...rest } = body;
      let edit: UpdateBody = rest;
      if (!requirementId) {
        const parsed = createRequirementBodySchema.safeParse(rest);
        if (!parsed.success) {
          throw validationError(fieldErrorsOf(parsed.error.issues));
        }
        edit = parsed.data;
      }
      await assertReferencesExist(edit);
      const scope = await facilityScopeOf(db, principal);
      let before: RequirementRow | null = null;
      if (requirementId) {
        before = (await findRequirementRowById(db, requirementId)) ?? null;
        if (!before) throw notFound('Requirement');
        const bindings = await findBindingRows(db, requirementId);
        if (!scope.all && !bindings.some((b) => b.bound && isFacilityInScope(scope, b.facilityId))) {
          throw notFound('Requirement');
        }
      }
      const planned = await generation.plan(db, (await draft(db, principal, scope, before, edit)).changes);
      return generation.preview(planned);
    },
  };
}
