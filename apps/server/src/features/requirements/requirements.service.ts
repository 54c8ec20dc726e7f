/**
 * The requirements feature's service: list and detail, and the saves (create, update, retire, the bulk
 * import's save inside its transaction) with their preview. Validation and planning of an edit live in
 * requirement-draft.ts; the value merge, audit fields and response shape in requirement-values.ts.
 */
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { FieldError } from '@rtms/shared/error-codes';
import type { AuditChanges } from '@rtms/shared/schemas/audit';
import {
  createRequirementBodySchema,
  requirementPageSchema,
  type RequirementDetail,
  type RequirementListQuery,
  type RequirementPreview,
  type TaskChangeCounts,
  type previewRequirementBodySchema,
  type retireRequirementBodySchema,
} from '@rtms/shared/schemas/requirements';
import { findListRevisions } from '../../db/revisions';
import type { Database } from '../../db/schema';
import { createAnswerCache } from '../../platform/answer-cache';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { actionsDependOnBindings, requirementActionsOf } from '@rtms/shared/requirement-actions';
import { fieldErrorsOf, notFound, validationError } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { listRequest } from '../../platform/list-query';
import { actorOf, changesBetween, type AuditService } from '../audit/audit.service';
import type { ProgramAreasService } from '../program-areas/program-areas.service';
import type { RegulationsService } from '../regulations/regulations.service';
import type { TaskGenerationService } from '../tasks/task-generation.service';
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
  findLabelledRequirement,
  findRequirementRowById,
  insertBindings,
  insertRequirement,
  listRequirements,
  lockRequirement,
  updateBindingRow,
  updateRequirementRow,
} from './requirements.repository';
import type { RequirementRow } from './requirements.table';
import { draftEdit } from './requirement-draft';
import { audited, auditedBinding, nameOf, searchTextOf, toRequirement, type UpdateBody } from './requirement-values';
import { unitOfWork } from '../../db/unit-of-work';

type CreateBody = z.output<typeof createRequirementBodySchema>;
type PreviewBody = z.output<typeof previewRequirementBodySchema>;
type RetireBody = z.output<typeof retireRequirementBodySchema>;

/** What create, update and retire answer: the requirement and what the save did to its tasks. */
export interface RequirementSaveResult {
  data: RequirementDetail;
  meta: { tasks: TaskChangeCounts };
}

export interface RequirementsService {
  /**
   * Requirements binding at least one facility in the caller's scope (all for the all-facility roles):
   * the page serialized, kept while the labels revision holds (decision 034).
   */
  listAnswer(principal: Principal, query: RequirementListQuery): Promise<Buffer>;
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

/** A requirement as the API answers it, with what this caller may do to it (shared requirement-actions.ts). */
function withAllowedActions(
  row: Parameters<typeof toRequirement>[0],
  principal: Principal,
  scope: FacilityScope,
  boundFacilityIds: string[],
) {
  const requirement = toRequirement(row);
  // A facility role sees its own facilities only: the count says to how many of those the requirement applies.
  if (!scope.all) requirement.facilityCount = boundFacilityIds.filter((id) => isFacilityInScope(scope, id)).length;
  const callerFacilityIds = scope.all ? [] : scope.facilityIds;
  const { role } = principal;
  const allowedActions = requirementActionsOf({
    role,
    callerFacilityIds,
    boundFacilityIds,
    status: requirement.status,
  });
  return { ...requirement, allowedActions };
}

export interface RequirementsServiceDeps {
  audit: AuditService;
  generation: TaskGenerationService;
  regulations: Pick<RegulationsService, 'findByIds'>;
  programAreas: Pick<ProgramAreasService, 'findByIds'>;
  clock: Clock;
}

export function createRequirementsService(db: Kysely<Database>, deps: RequirementsServiceDeps): RequirementsService {
  const { audit, generation, regulations, programAreas, clock } = deps;
  const answers = createAnswerCache();
  const draft = (
    executor: Kysely<Database>,
    principal: Principal,
    scope: FacilityScope,
    before: RequirementRow | null,
    body: UpdateBody,
  ) => draftEdit(executor, clock, principal, scope, before, body);

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
    const boundFacilityIds = (await findBindingRows(executor, id))
      .filter((binding) => binding.bound)
      .map((binding) => binding.facilityId);
    return {
      ...withAllowedActions(row, principal, scope, boundFacilityIds),
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
    const result = await unitOfWork(db, (trx) => saveIn(trx, principal, scope, id, body, extra));
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
    async listAnswer(principal, query) {
      const scope = await facilityScopeOf(db, principal);
      const { filters, sort, window } = listRequest(
        query,
        { ...query, scopeFacilityIds: scopeFacilityIds(scope) },
        'title',
      );
      // Everything the page reads (requirements, bindings, regulations, program areas, assignees) bumps
      // the labels revision; the allowed actions follow the role and the scope, both in the key.
      const { labels } = await findListRevisions(db, principal.listRevisions);
      const key = JSON.stringify([principal.role, filters, sort, window, query.page, query.pageSize]);
      return answers.get(key, String(labels), async () => {
        const [total, rows] = await Promise.all([
          countRequirements(db, filters),
          listRequirements(db, filters, sort, window),
        ]);
        // The bindings decide the actions of a facility administrator and the facility count of a facility role;
        // every other role's are known.
        const bound =
          actionsDependOnBindings(principal.role) || !scope.all
            ? await findBoundFacilityIds(
                db,
                rows.map((row) => row.id),
              )
            : new Map<string, string[]>();
        const data = rows.map((row) => withAllowedActions(row, principal, scope, bound.get(row.id) ?? []));
        // Checked once per kept answer, as the route's schema checked every answer before it was kept.
        return requirementPageSchema.parse({ data, meta: { total, page: query.page, pageSize: query.pageSize } });
      });
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
