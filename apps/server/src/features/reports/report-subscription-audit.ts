import type { Transaction } from 'kysely';
import { subscriptionFiltersSchema } from '@rtms/shared/schemas/report-subscriptions';
import type { Database } from '../../db/schema';
import { changesBetween, type AuditActor, type AuditService } from '../audit/audit.service';
import { stopSubscriptionsOfUser } from './report-subscriptions.repository';
import type { ReportSubscriptionRow } from './report-subscriptions.table';

type AuditedRow = Pick<
  ReportSubscriptionRow,
  'report' | 'frequency' | 'format' | 'filters' | 'stoppedAt' | 'stopReason'
>;

/**
 * A subscription's values as its audit events record them: one field per setting, so that the Audit Trail names
 * each in words (the filters' ids by their names). The Tracker filter `frequency` is `taskFrequency` there: the
 * subscription's own `frequency` is how often it is sent.
 */
export function auditedValues(row: AuditedRow): Record<string, unknown> {
  const { frequency: taskFrequency, ...filters } = subscriptionFiltersSchema.parse(JSON.parse(row.filters));
  return {
    report: row.report,
    frequency: row.frequency,
    format: row.format,
    ...filters,
    taskFrequency,
    active: row.stoppedAt === null,
    stopReason: row.stopReason,
  };
}

/** The audit event of a change of one subscription from `before` to `after` (null: created or deleted). */
export async function recordSubscriptionChange(
  trx: Transaction<Database>,
  audit: AuditService,
  actor: AuditActor,
  id: string,
  before: AuditedRow | null,
  after: AuditedRow | null,
): Promise<void> {
  const was = before ? auditedValues(before) : null;
  const is = after ? auditedValues(after) : null;
  const action = !was
    ? 'CREATE'
    : !is
      ? 'DELETE'
      : was.active !== is.active
        ? is.active
          ? 'REACTIVATE'
          : 'DEACTIVATE'
        : 'UPDATE';
  await audit.record(trx, {
    actor,
    action,
    entityType: 'REPORT_SUBSCRIPTION',
    entityId: id,
    changes: changesBetween(was, is),
  });
}

/**
 * A deactivated user's scheduled reports stop with them (reason USER_DEACTIVATED), each stop in the audit chain
 * of the deactivation's unit of work. A reactivation leaves them stopped: the user resumes the ones they want.
 */
export async function stopReportsOfDeactivatedUser(
  trx: Transaction<Database>,
  audit: AuditService,
  actor: AuditActor,
  userId: string,
  now: string,
): Promise<void> {
  const stop = { stoppedAt: now, stopReason: 'USER_DEACTIVATED' as const, updatedAt: now };
  for (const row of await stopSubscriptionsOfUser(trx, userId, stop)) {
    await recordSubscriptionChange(trx, audit, actor, row.id, row, { ...row, ...stop });
  }
}
