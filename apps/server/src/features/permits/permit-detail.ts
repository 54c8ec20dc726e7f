/**
 * The permit page's answer: the version, its conditions (each with its requirement's schedule, next task and
 * state), every version of the permit, the renewal task and the documents linked to any of its versions.
 */
import type { Kysely } from 'kysely';
import type { PermitCondition, PermitDetail } from '@rtms/shared/schemas/permits';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { FacilityScope } from '../user-facilities/facility-scope';
import { findRequirementRowById } from '../requirements/requirements.repository';
import { permitInScope } from './permit-scope';
import { todayOf, toPermit, toPermitTask } from './permit-view';
import {
  findAllTasks,
  findConditions,
  findPermitDocuments,
  findVersions,
  type PermitTaskRow,
} from './permits.repository';
import type { PermitConditionRow } from './permits.table';

export async function conditionsOf(
  db: Kysely<Database>,
  rows: PermitConditionRow[],
  today: string,
): Promise<PermitCondition[]> {
  const requirementIds = rows.map((row) => row.requirementId).filter((id): id is string => Boolean(id));
  const tasks = await findAllTasks(db, requirementIds);
  const byRequirement = new Map<string, PermitTaskRow[]>();
  for (const task of tasks)
    byRequirement.set(task.requirementId, [...(byRequirement.get(task.requirementId) ?? []), task]);
  const result: PermitCondition[] = [];
  for (const row of rows) {
    const requirement = row.requirementId ? await findRequirementRowById(db, row.requirementId) : undefined;
    const own = row.requirementId ? (byRequirement.get(row.requirementId) ?? []) : [];
    const next = own.find((task) => task.status === 'INCOMPLETE' && task.notApplicableReason === null);
    result.push({
      _id: row.id,
      permitId: row.permitId,
      reference: row.reference,
      text: row.text,
      requirementId: row.requirementId,
      schedule: requirement
        ? {
            frequency: requirement.frequency,
            scheduleMode: requirement.scheduleMode,
            firstDueDate: requirement.firstDueDate,
            weekendShift: requirement.weekendShift,
            category: requirement.category,
            evidenceRequired: Boolean(requirement.evidenceRequired),
            activeFrom: requirement.activeFrom,
            activeUntil: requirement.activeUntil,
          }
        : null,
      nextTask: next ? toPermitTask(next, today) : null,
      touched: own.some((task) => Boolean(Number(task.touched))),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    });
  }
  return result;
}

export async function readPermitDetail(
  db: Kysely<Database>,
  _principal: Principal,
  scope: FacilityScope,
  id: string,
  now: Date,
): Promise<PermitDetail> {
  const row = await permitInScope(db, scope, id);
  const today = todayOf(row, now);
  const versions = await findVersions(db, row.lineageId);
  const conditions = await conditionsOf(db, await findConditions(db, [id]), today);
  const renewalTasks = row.renewalRequirementId ? await findAllTasks(db, [row.renewalRequirementId]) : [];
  const renewal = renewalTasks.at(-1) ?? null;
  const documents = await findPermitDocuments(
    db,
    versions.map((version) => version.id),
  );
  return {
    ...toPermit(row, now),
    conditions,
    versions: versions.map((version) => {
      const permit = toPermit(version, now);
      return {
        _id: permit._id,
        version: permit.version,
        number: permit.number,
        effectiveOn: permit.effectiveOn,
        expiresOn: permit.expiresOn,
        status: permit.status,
      };
    }),
    renewalRequirementId: row.renewalRequirementId,
    renewalTaskId: renewal?.id ?? null,
    renewalTask: renewal ? toPermitTask(renewal, today) : null,
    documents: documents.map((document) => ({ _id: document.id, title: document.title, fileName: document.fileName })),
  };
}
