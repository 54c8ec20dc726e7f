import type { Kysely, Transaction } from 'kysely';
import { addDays, diffDays, todayInTimeZone } from '@rtms/shared/calendar-date';
import { graceEndsOn } from '@rtms/shared/recurrence';
import type { FindingSettings } from '@rtms/shared/schemas/findings';
import type { Database, NewRow } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { newId, nowIso } from '../../platform/ids';
import { actorOf, changesBetween, SYSTEM_PRINCIPAL, type AuditService } from '../audit/audit.service';
import {
  findActiveFacilityZones,
  findFindingSettings,
  findMissedCandidates,
  findTaskFindings,
  insertAutomaticFindings,
  updateFindingSettings,
} from './findings.repository';
import { findingSearchText } from './findings.service';
import type { TaskFacts, TaskFindingHooks } from '../tasks/task-completion';

/** Findings written per transaction by the sweep (each with its audit event). */
const SWEEP_BATCH = 200;

/**
 * The automatic findings: a task past its grace without completion opens one MISSED_TASK finding, a completion
 * within the grace but after the due date one LATE_COMPLETION finding. Each is inserted under its unique key
 * (source and task) and a conflict is skipped, so that however many sweeps, completions, restarts or instances
 * meet, a task has at most one finding of each source; later completions and reopenings of the task are events
 * on that finding.
 */
export interface AutomaticFindings extends TaskFindingHooks {
  /** Opens the MISSED_TASK findings of every task past its grace (catching up after any downtime). */
  sweep(): Promise<{ facilities: number; opened: number }>;
  getSettings(): Promise<FindingSettings>;
  updateSettings(principal: Principal, settings: FindingSettings): Promise<FindingSettings>;
}

function toSettings(row: { missedTaskFindings: number; lateCompletionFindings: number }): FindingSettings {
  return {
    missedTaskFindings: Number(row.missedTaskFindings) === 1,
    lateCompletionFindings: Number(row.lateCompletionFindings) === 1,
  };
}

export function createAutomaticFindings(db: Kysely<Database>, audit: AuditService, clock: Clock): AutomaticFindings {
  function findingRow(
    source: 'MISSED_TASK' | 'LATE_COMPLETION',
    task: TaskFacts,
    fields: { title: string; description: string; severity: 'LOW' | 'HIGH'; identifiedOn: string; daysLate?: number },
  ): NewRow<'findings'> {
    const now = nowIso(clock());
    const row = {
      id: newId(),
      facilityId: task.facilityId,
      source,
      autoKey: `${source}:${task.id}`,
      taskId: task.id,
      requirementId: task.requirementId,
      permitId: null,
      ownerId: task.assigneeId,
      reportable: 0,
      status: 'OPEN' as const,
      daysLate: fields.daysLate ?? null,
      ...fields,
      createdAt: now,
      updatedAt: now,
    };
    return { ...row, searchText: findingSearchText({ ...row, rootCause: null }) };
  }

  /** Inserts under the unique key; records the creation of each row this statement inserted. */
  async function open(trx: Transaction<Database>, principal: Principal, rows: NewRow<'findings'>[]): Promise<number> {
    const inserted = new Set((await insertAutomaticFindings(trx, rows)).map((row) => row.id));
    for (const row of rows) {
      if (!inserted.has(row.id)) continue;
      const { searchText: _s, createdAt: _c, updatedAt: _u, id: _i, autoKey: _k, reportable: _r, ...values } = row;
      await audit.record(trx, {
        actor: actorOf(principal),
        action: 'CREATE',
        entityType: 'FINDING',
        entityId: row.id,
        facilityId: row.facilityId,
        changes: changesBetween(null, values),
      });
    }
    return inserted.size;
  }

  function missedRow(task: TaskFacts): NewRow<'findings'> {
    const graceEnd = graceEndsOn(task.dueDate, task.graceDays);
    return findingRow('MISSED_TASK', task, {
      title: `Missed: ${task.title} (${task.periodLabel})`,
      description: `Due ${task.dueDate}; its grace ended ${graceEnd} without a completion.`,
      severity: 'HIGH',
      identifiedOn: addDays(graceEnd, 1),
    });
  }

  /** Records a completion or reopening of the task on each of its automatic findings. */
  async function recordOnFindings(
    trx: Transaction<Database>,
    principal: Principal,
    taskId: string,
    action: 'COMPLETE' | 'REOPEN',
    changes: Record<string, { before: unknown; after: unknown }>,
  ): Promise<void> {
    for (const finding of await findTaskFindings(trx, taskId)) {
      await audit.record(trx, {
        actor: actorOf(principal),
        action,
        entityType: 'FINDING',
        entityId: finding.id,
        facilityId: finding.facilityId,
        changes: { taskId: { before: null, after: taskId }, ...changes },
      });
    }
  }

  return {
    async sweep() {
      const settings = toSettings(await findFindingSettings(db));
      const facilities = await findActiveFacilityZones(db);
      if (!settings.missedTaskFindings) return { facilities: 0, opened: 0 };
      let opened = 0;
      for (const facility of facilities) {
        const today = todayInTimeZone(facility.timeZone, clock());
        const candidates = await findMissedCandidates(db, facility.id, today);
        // A facility's history before its go-live (the day it starts being told, as the reminders) is not a run of
        // new findings: loading two years of past tasks would otherwise open one per past miss at the first sweep.
        const goLive = facility.notifyFrom;
        const rows = candidates
          .filter((task) => {
            const graceEnd = graceEndsOn(task.dueDate, Number(task.graceDays));
            return graceEnd < today && (!goLive || graceEnd >= goLive);
          })
          .map((task) =>
            missedRow({
              ...task,
              facilityId: facility.id,
              assigneeId: task.assigneeId ?? task.defaultAssigneeId,
              graceDays: Number(task.graceDays),
            }),
          );
        for (let start = 0; start < rows.length; start += SWEEP_BATCH) {
          const batch = rows.slice(start, start + SWEEP_BATCH);
          opened += await unitOfWork(db, (trx) => open(trx, SYSTEM_PRINCIPAL, batch));
        }
      }
      return { facilities: facilities.length, opened };
    },

    async taskCompleted(trx, principal, task, { completedOn, timeliness }) {
      const settings = toSettings(await findFindingSettings(trx));
      if (timeliness === 'LATE' && settings.lateCompletionFindings) {
        const daysLate = diffDays(completedOn, task.dueDate);
        await open(trx, principal, [
          findingRow('LATE_COMPLETION', task, {
            title: `Completed late: ${task.title} (${task.periodLabel})`,
            description: `Completed on ${completedOn}, ${daysLate} day${daysLate === 1 ? '' : 's'} after its due date ${task.dueDate}.`,
            severity: 'LOW',
            identifiedOn: completedOn,
            daysLate,
          }),
        ]);
      }
      if (timeliness === 'MISSED' && settings.missedTaskFindings) {
        // No sweep saw it missed yet (the server was down): the completion opens its finding first.
        await open(trx, SYSTEM_PRINCIPAL, [missedRow(task)]);
      }
      await recordOnFindings(trx, principal, task.id, 'COMPLETE', {
        taskStatus: { before: 'INCOMPLETE', after: 'COMPLETED' },
        completedOn: { before: null, after: completedOn },
        timeliness: { before: null, after: timeliness },
      });
    },

    async taskReopened(trx, principal, task) {
      await recordOnFindings(trx, principal, task.id, 'REOPEN', {
        taskStatus: { before: 'COMPLETED', after: 'INCOMPLETE' },
      });
    },

    async getSettings() {
      return toSettings(await findFindingSettings(db));
    },

    async updateSettings(principal, settings) {
      await unitOfWork(db, async (trx) => {
        const before = toSettings(await findFindingSettings(trx));
        await updateFindingSettings(trx, {
          missedTaskFindings: settings.missedTaskFindings ? 1 : 0,
          lateCompletionFindings: settings.lateCompletionFindings ? 1 : 0,
          updatedAt: nowIso(clock()),
        });
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'UPDATE',
          entityType: 'FINDING_SETTINGS',
          entityId: 'finding-settings',
          changes: changesBetween(before, settings),
        });
      });
      return toSettings(await findFindingSettings(db));
    },
  };
}
