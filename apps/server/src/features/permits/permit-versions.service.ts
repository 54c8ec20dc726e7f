/**
 * New versions and termination of a permit, each with its preview. From the day a new version takes effect
 * (or the permit is terminated), the old version's open tasks nobody touched that are due on or after it
 * become not applicable ("Superseded by version N"); completed and touched tasks stay with the old version;
 * its requirements stop the day before; the new version's conditions are copies with requirements of their own.
 */
import type { Kysely } from 'kysely';
import type {
  NewPermitVersionBody,
  PermitChangePreview,
  PermitDetail,
  TerminatePermitBody,
} from '@rtms/shared/schemas/permits';
import { renewalDueDate } from '@rtms/shared/permit-status';
import type { Database } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { conflict, invalid } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { actorOf, changesBetween, type AuditService } from '../audit/audit.service';
import { findRequirementRowById } from '../requirements/requirements.repository';
import { facilityScopeOf, type FacilityScope } from '../user-facilities/facility-scope';
import { readPermitDetail } from './permit-detail';
import {
  createConditionRequirement,
  datesOf,
  syncPermitRequirements,
  type PermitWrite,
  type RequirementSaver,
} from './permit-requirements';
import { assertNumberFree, auditedPermit, permitInScope, permitSearchText } from './permit-scope';
import {
  findAllTasks,
  findConditions,
  findSupersedable,
  insertCondition,
  insertPermit,
  lockPermit,
  supersedeTasks,
  updateConditionRow,
  updatePermitRow,
  type PermitListRow,
} from './permits.repository';
import type { PermitRow } from './permits.table';

export interface PermitVersionsService {
  previewVersion(principal: Principal, id: string, body: NewPermitVersionBody): Promise<PermitChangePreview>;
  newVersion(principal: Principal, id: string, body: NewPermitVersionBody): Promise<PermitDetail>;
  previewTermination(principal: Principal, id: string, body: TerminatePermitBody): Promise<PermitChangePreview>;
  terminate(principal: Principal, id: string, body: TerminatePermitBody): Promise<PermitDetail>;
}

function storedRow(row: PermitListRow): PermitRow {
  const { facilityName: _n, facilityCode: _c, timeZone: _z, nextVersionEffectiveOn: _e, ...stored } = row;
  return stored;
}

/** Only the latest version, not terminated, can get a new version or be terminated. */
function assertChangeable(row: PermitListRow): void {
  if (row.nextVersionId) throw conflict('A later version of this permit exists: change that one');
  if (row.terminatedOn) throw conflict('This permit is terminated');
}

/** The requirements of a version: its conditions' and its renewal's. */
async function requirementIdsOf(db: Kysely<Database>, row: PermitRow): Promise<string[]> {
  const ids = (await findConditions(db, [row.id])).map((c) => c.requirementId).filter((id): id is string => !!id);
  return row.renewalRequirementId ? [...ids, row.renewalRequirementId] : ids;
}

async function changePreview(
  db: Kysely<Database>,
  row: PermitRow,
  from: string,
  added: PermitChangePreview['added'],
): Promise<PermitChangePreview> {
  const ids = await requirementIdsOf(db, row);
  const removed = await findSupersedable(db, ids, from);
  const removedIds = new Set(removed.map((task) => task.id));
  const kept = (await findAllTasks(db, ids)).filter(
    (task) => task.dueDate >= from && !removedIds.has(task.id) && (task.status === 'COMPLETED' || Number(task.touched)),
  ).length;
  return {
    removed: removed.map((task) => ({ taskId: task.id, title: task.title, dueDate: task.dueDate })),
    kept,
    added,
  };
}

export function createPermitVersionsService(
  db: Kysely<Database>,
  deps: { audit: AuditService; requirements: RequirementSaver; clock: Clock },
): PermitVersionsService {
  const { audit, requirements, clock } = deps;

  function checkVersionBody(row: PermitListRow, body: NewPermitVersionBody) {
    if (body.effectiveOn <= row.effectiveOn) {
      const message = 'A new version takes effect after the current one';
      throw invalid(message, [{ path: 'effectiveOn', message }]);
    }
  }

  /** The conditions a new version starts with, and its renewal. */
  async function addedBy(row: PermitRow, body: NewPermitVersionBody): Promise<PermitChangePreview['added']> {
    const added: PermitChangePreview['added'] = [];
    for (const condition of await findConditions(db, [row.id])) {
      const requirement = condition.requirementId ? await findRequirementRowById(db, condition.requirementId) : null;
      added.push({
        reference: condition.reference,
        text: condition.text,
        firstDueDate: requirement?.firstDueDate ?? null,
      });
    }
    if (body.expiresOn) {
      const number = body.number ?? row.number;
      added.push({
        reference: '',
        text: `Renew ${number}`,
        firstDueDate: renewalDueDate(body.expiresOn, Number(row.renewalLeadDays)),
      });
    }
    return added;
  }

  /** Marks the version's supersedable tasks not applicable; answers how many. */
  async function supersede(write: PermitWrite, row: PermitRow, from: string, reason: string): Promise<number> {
    const tasks = await findSupersedable(write.trx, await requirementIdsOf(write.trx, row), from);
    await supersedeTasks(
      write.trx,
      tasks.map((task) => task.id),
      reason,
      nowIso(write.now),
    );
    return tasks.length;
  }

  async function scoped(principal: Principal, id: string): Promise<{ scope: FacilityScope; row: PermitListRow }> {
    const scope = await facilityScopeOf(db, principal);
    return { scope, row: await permitInScope(db, scope, id) };
  }

  return {
    async previewVersion(principal, id, body) {
      const { row } = await scoped(principal, id);
      assertChangeable(row);
      checkVersionBody(row, body);
      const stored = storedRow(row);
      return changePreview(db, stored, body.effectiveOn, await addedBy(stored, body));
    },

    async newVersion(principal, id, body) {
      const { scope, row: seen } = await scoped(principal, id);
      assertChangeable(seen);
      checkVersionBody(seen, body);
      const newVersionId = newId();
      await unitOfWork(db, async (trx) => {
        await lockPermit(trx, id);
        const current = await permitInScope(trx, scope, id);
        assertChangeable(current);
        const old = storedRow(current);
        const number = body.number ?? old.number;
        if (number.trim().toLowerCase() !== old.numberKey)
          await assertNumberFree(trx, old.facilityId, number, old.lineageId);
        const now = clock();
        const stamp = nowIso(now);
        const write: PermitWrite = { trx, principal, scope, now };
        const version = Number(old.version) + 1;
        const superseded = await supersede(write, old, body.effectiveOn, `Superseded by version ${version}`);

        const fresh: PermitRow = {
          ...old,
          id: newVersionId,
          number,
          numberKey: number.trim().toLowerCase(),
          issuedOn: body.issuedOn ?? body.effectiveOn,
          effectiveOn: body.effectiveOn,
          expiresOn: body.expiresOn ?? null,
          renewalSubmittedOn: null,
          version,
          previousVersionId: old.id,
          nextVersionId: null,
          renewalRequirementId: null,
          createdAt: stamp,
          updatedAt: stamp,
        };
        await insertPermit(trx, { ...fresh, searchText: permitSearchText(fresh) });
        const oldAfter: PermitRow = { ...old, nextVersionId: newVersionId, updatedAt: stamp };
        await updatePermitRow(trx, old.id, { nextVersionId: newVersionId, updatedAt: stamp });
        // The old version's requirements stop the day before the new version takes effect.
        await syncPermitRequirements(write, requirements, oldAfter, body.effectiveOn, current.timeZone);

        const dates = datesOf(fresh, null);
        for (const condition of await findConditions(trx, [old.id])) {
          const copy = {
            ...condition,
            id: newId(),
            permitId: newVersionId,
            requirementId: null,
            createdAt: stamp,
            updatedAt: stamp,
          };
          await insertCondition(trx, copy);
          const requirement = condition.requirementId
            ? await findRequirementRowById(trx, condition.requirementId)
            : null;
          if (!requirement) continue;
          const saved = await createConditionRequirement(write, requirements, fresh, dates, copy, {
            frequency: requirement.frequency,
            scheduleMode: requirement.scheduleMode,
            firstDueDate: requirement.firstDueDate,
            weekendShift: requirement.weekendShift,
            periodStartMonth: Number(requirement.periodStartMonth),
            periodDueDays: requirement.periodDueDays === null ? null : Number(requirement.periodDueDays),
            periodDueDayOfMonth:
              requirement.periodDueDayOfMonth === null ? null : Number(requirement.periodDueDayOfMonth),
            category: requirement.category,
            evidenceRequired: Boolean(requirement.evidenceRequired),
            minEvidence: Number(requirement.minEvidence),
            leadTimeDays: Number(requirement.leadTimeDays),
            graceDays: Number(requirement.graceDays),
            defaultAssigneeId: requirement.defaultAssigneeId,
          });
          await updateConditionRow(trx, copy.id, { requirementId: saved.id });
        }
        const synced = await syncPermitRequirements(write, requirements, fresh, null, current.timeZone);
        if (synced.renewalRequirementId) {
          await updatePermitRow(trx, newVersionId, { renewalRequirementId: synced.renewalRequirementId });
        }
        const actor = actorOf(principal);
        await audit.record(trx, {
          actor,
          action: 'UPDATE',
          entityType: 'PERMIT',
          entityId: old.id,
          facilityId: old.facilityId,
          changes: {
            nextVersionId: { before: null, after: newVersionId },
            tasksSuperseded: { before: null, after: superseded },
          },
        });
        await audit.record(trx, {
          actor,
          action: 'CREATE',
          entityType: 'PERMIT',
          entityId: newVersionId,
          facilityId: old.facilityId,
          changes: changesBetween(null, auditedPermit(fresh)),
        });
      });
      return readPermitDetail(db, principal, scope, newVersionId, clock());
    },

    async previewTermination(principal, id, body) {
      const { row } = await scoped(principal, id);
      assertChangeable(row);
      return changePreview(db, storedRow(row), body.terminatedOn, []);
    },

    async terminate(principal, id, body) {
      const { scope, row: seen } = await scoped(principal, id);
      assertChangeable(seen);
      await unitOfWork(db, async (trx) => {
        await lockPermit(trx, id);
        const current = await permitInScope(trx, scope, id);
        assertChangeable(current);
        const before = storedRow(current);
        const now = clock();
        const write: PermitWrite = { trx, principal, scope, now };
        const superseded = await supersede(
          write,
          before,
          body.terminatedOn,
          `Permit terminated on ${body.terminatedOn}`,
        );
        const after: PermitRow = {
          ...before,
          terminatedOn: body.terminatedOn,
          terminationReason: body.reason,
          updatedAt: nowIso(now),
        };
        await updatePermitRow(trx, id, {
          terminatedOn: after.terminatedOn,
          terminationReason: after.terminationReason,
          updatedAt: after.updatedAt,
        });
        await syncPermitRequirements(write, requirements, after, null, current.timeZone);
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'TERMINATE',
          entityType: 'PERMIT',
          entityId: id,
          facilityId: before.facilityId,
          changes: {
            ...changesBetween(auditedPermit(before), auditedPermit(after)),
            tasksSuperseded: { before: null, after: superseded },
          },
        });
      });
      return readPermitDetail(db, principal, scope, id, clock());
    },
  };
}
