/**
 * A permit's conditions: a standing condition is only shown; a scheduled one owns exactly one requirement
 * bound to the permit's facility (permit-requirements.ts), saved through the requirements' own save so that
 * its tasks are ordinary tasks. A condition whose tasks someone touched cannot be deleted.
 */
import type { Kysely } from 'kysely';
import {
  conditionScheduleSchema,
  type CreateConditionBody,
  type PermitCondition,
  type UpdateConditionBody,
} from '@rtms/shared/schemas/permits';
import type { AuditChanges } from '@rtms/shared/schemas/audit';
import type { TaskChangeCounts } from '@rtms/shared/schemas/requirements';
import type { Database } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { conflict, fieldErrorsOf, notFound, validationError } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { actorOf, changesBetween, type AuditService } from '../audit/audit.service';
import { facilityScopeOf } from '../user-facilities/facility-scope';
import { conditionsOf } from './permit-detail';
import {
  conditionRequirementBody,
  createConditionRequirement,
  datesOf,
  NO_TASK_CHANGES,
  type RequirementSaver,
} from './permit-requirements';
import { permitInScope } from './permit-scope';
import { todayOf } from './permit-view';
import {
  deleteConditionRow,
  findAllTasks,
  findCondition,
  findConditions,
  insertCondition,
  lockPermit,
  updateConditionRow,
} from './permits.repository';
import type { PermitConditionRow } from './permits.table';

export interface ConditionSaveResult {
  data: PermitCondition;
  meta: { tasks: TaskChangeCounts };
}

export interface PermitConditionsService {
  list(principal: Principal, permitId: string): Promise<PermitCondition[]>;
  create(principal: Principal, permitId: string, body: CreateConditionBody): Promise<ConditionSaveResult>;
  update(principal: Principal, permitId: string, id: string, body: UpdateConditionBody): Promise<ConditionSaveResult>;
  remove(principal: Principal, permitId: string, id: string): Promise<void>;
}

const audited = (row: Pick<PermitConditionRow, 'reference' | 'text' | 'requirementId'>) => ({
  reference: row.reference,
  text: row.text,
  requirementId: row.requirementId,
});

export function createPermitConditionsService(
  db: Kysely<Database>,
  deps: { audit: AuditService; requirements: RequirementSaver; clock: Clock },
): PermitConditionsService {
  const { audit, requirements, clock } = deps;

  async function answer(principal: Principal, permitId: string, id: string, tasks: TaskChangeCounts) {
    const scope = await facilityScopeOf(db, principal);
    const permit = await permitInScope(db, scope, permitId);
    const rows = (await findConditions(db, [permitId])).filter((row) => row.id === id);
    const [data] = await conditionsOf(db, rows, todayOf(permit, clock()));
    if (!data) throw notFound('Condition');
    return { data, meta: { tasks } };
  }

  return {
    async list(principal, permitId) {
      const scope = await facilityScopeOf(db, principal);
      const permit = await permitInScope(db, scope, permitId);
      return conditionsOf(db, await findConditions(db, [permitId]), todayOf(permit, clock()));
    },

    async create(principal, permitId, body) {
      const scope = await facilityScopeOf(db, principal);
      await permitInScope(db, scope, permitId);
      const id = newId();
      const tasks = await unitOfWork(db, async (trx) => {
        await lockPermit(trx, permitId);
        const permit = await permitInScope(trx, scope, permitId);
        // A superseded or terminated version makes no new work: conditions are added to the version in force.
        if (permit.nextVersionId) throw conflict('A later version of this permit exists: add the condition there');
        if (permit.terminatedOn) throw conflict('This permit is terminated');
        const now = clock();
        const stamp = nowIso(now);
        const position = (await findConditions(trx, [permitId])).length;
        const row: PermitConditionRow = {
          id,
          permitId,
          reference: body.reference,
          text: body.text,
          requirementId: null,
          position,
          createdAt: stamp,
          updatedAt: stamp,
        };
        await insertCondition(trx, row);
        let counts = NO_TASK_CHANGES;
        if (body.schedule) {
          const dates = datesOf(permit, permit.nextVersionEffectiveOn);
          const saved = await createConditionRequirement(
            { trx, principal, scope, now },
            requirements,
            permit,
            dates,
            row,
            conditionScheduleSchema.parse(body.schedule),
          );
          row.requirementId = saved.id;
          counts = saved.counts;
          await updateConditionRow(trx, id, { requirementId: saved.id });
        }
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'CREATE',
          entityType: 'PERMIT_CONDITION',
          entityId: id,
          facilityId: permit.facilityId,
          changes: { ...changesBetween(null, audited(row)), permitId: { before: null, after: permitId } },
        });
        return counts;
      });
      return answer(principal, permitId, id, tasks);
    },

    async update(principal, permitId, id, body) {
      const scope = await facilityScopeOf(db, principal);
      await permitInScope(db, scope, permitId);
      const tasks = await unitOfWork(db, async (trx) => {
        await lockPermit(trx, permitId);
        const permit = await permitInScope(trx, scope, permitId);
        const before = await findCondition(trx, permitId, id);
        if (!before) throw notFound('Condition');
        const now = clock();
        const after: PermitConditionRow = {
          ...before,
          reference: body.reference ?? before.reference,
          text: body.text ?? before.text,
        };
        const dates = datesOf(permit, permit.nextVersionEffectiveOn);
        const write = { trx, principal, scope, now };
        let counts = NO_TASK_CHANGES;
        if (body.schedule === null && before.requirementId) {
          // A standing condition makes no task: its requirement is retired (history kept, untouched future tasks removed).
          counts = (await requirements.saveWithin(trx, principal, scope, before.requirementId, { status: 'RETIRED' }))
            .counts;
          after.requirementId = null;
        } else if (body.schedule && !before.requirementId) {
          const parsed = conditionScheduleSchema.safeParse(body.schedule);
          if (!parsed.success) {
            throw validationError(
              fieldErrorsOf(parsed.error.issues).map((error) => ({ ...error, path: `schedule.${error.path}` })),
            );
          }
          const saved = await createConditionRequirement(write, requirements, permit, dates, after, parsed.data);
          after.requirementId = saved.id;
          counts = saved.counts;
        } else if (before.requirementId && (body.schedule || body.reference || body.text)) {
          const requirementBody = conditionRequirementBody(permit, dates, after, body.schedule ?? null, false);
          counts = (await requirements.saveWithin(trx, principal, scope, before.requirementId, requirementBody)).counts;
        }
        const changes = changesBetween(audited(before), audited(after));
        const taskChanges: AuditChanges =
          counts.added || counts.moved || counts.removed ? { tasks: { before: null, after: counts } } : {};
        if (Object.keys(changes).length || Object.keys(taskChanges).length) {
          await updateConditionRow(trx, id, {
            reference: after.reference,
            text: after.text,
            requirementId: after.requirementId,
            updatedAt: nowIso(now),
          });
          await audit.record(trx, {
            actor: actorOf(principal),
            action: 'UPDATE',
            entityType: 'PERMIT_CONDITION',
            entityId: id,
            facilityId: permit.facilityId,
            changes: { ...changes, ...taskChanges },
          });
        }
        return counts;
      });
      return answer(principal, permitId, id, tasks);
    },

    async remove(principal, permitId, id) {
      const scope = await facilityScopeOf(db, principal);
      await permitInScope(db, scope, permitId);
      await unitOfWork(db, async (trx) => {
        await lockPermit(trx, permitId);
        const permit = await permitInScope(trx, scope, permitId);
        const condition = await findCondition(trx, permitId, id);
        if (!condition) throw notFound('Condition');
        if (condition.requirementId) {
          const tasks = await findAllTasks(trx, [condition.requirementId]);
          if (tasks.some((task) => Number(task.touched) || task.status === 'COMPLETED')) {
            throw conflict('Someone has already worked on this condition’s tasks: it cannot be deleted');
          }
          await requirements.saveWithin(trx, principal, scope, condition.requirementId, { status: 'RETIRED' });
        }
        await deleteConditionRow(trx, id);
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'DELETE',
          entityType: 'PERMIT_CONDITION',
          entityId: id,
          facilityId: permit.facilityId,
          changes: changesBetween(audited(condition), null),
        });
      });
    },
  };
}
