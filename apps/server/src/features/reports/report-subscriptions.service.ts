import type { Kysely } from 'kysely';
import {
  subscriptionFiltersSchema,
  type CreateReportSubscriptionBody,
  type ReportKind,
  type ReportSubscription,
  type ReportSubscriptionListQuery,
  type UpdateReportSubscriptionBody,
} from '@rtms/shared/schemas/report-subscriptions';
import type { PageMeta } from '@rtms/shared/schemas/common';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { unitOfWork } from '../../db/unit-of-work';
import { actorOf, type AuditService } from '../audit/audit.service';
import type { Mailer } from '../notifications/mailer';
import { userEmailLanguage, type EmailLanguage } from '../notifications/email-messages';
import { userRows } from '../users/users.repository';
import { createReportOutbox, type OutboxRunResult } from './report-outbox';
import { recordSubscriptionChange } from './report-subscription-audit';
import { createReportUnsubscribeLinks } from './report-unsubscribe-links';
import type { ReportsService } from './reports.service';
import {
  deleteSubscription,
  findSubscription,
  insertSubscription,
  listSubscriptionsOfUser,
  updateSubscriptionColumns,
} from './report-subscriptions.repository';
import type { ReportSubscriptionRow } from './report-subscriptions.table';

export { reportPeriodOf } from './report-outbox';

/** What an unsubscribe link's page shows: the report it stops, whether it is stopped, in the user's language. */
export interface ReportUnsubscribeLink {
  report: ReportKind;
  stopped: boolean;
  language: EmailLanguage;
  appName: string;
}

export interface ReportSubscriptionsService {
  list(
    principal: Principal,
    query: ReportSubscriptionListQuery,
  ): Promise<{ data: ReportSubscription[]; meta: PageMeta }>;
  create(principal: Principal, body: CreateReportSubscriptionBody): Promise<ReportSubscription>;
  /** Changes one of the caller's own (its settings, a pause or a resumption); another's is not found (404). */
  update(principal: Principal, id: string, body: UpdateReportSubscriptionBody): Promise<ReportSubscription>;
  /** Deletes one of the caller's own; another's is not found (404). */
  remove(principal: Principal, id: string): Promise<void>;
  /** The subscription a genuine unsubscribe token names, for its page; null for a forged token or a deleted one. */
  verifyUnsubscribe(token: string): Promise<ReportUnsubscribeLink | null>;
  /**
   * Stops the subscription of a genuine token (audited, its user the actor: the link came to their mailbox); an
   * already stopped one stays as it is. Null for a forged token or a deleted subscription.
   */
  unsubscribe(token: string): Promise<ReportUnsubscribeLink | null>;
  /**
   * Writes the deliveries that are due (each subscription's latest Monday or 1st at its user's hour, after it was
   * made) to the outbox under their unique key, then sends what is due: exactly once across instances.
   */
  run(): Promise<OutboxRunResult>;
}

export interface ReportSubscriptionsOptions {
  clock: Clock;
  mailer: Mailer | null;
  audit: AuditService;
  /** The key of the one-click unsubscribe links (app_secrets, shared with the reminders' links). */
  unsubscribeSecret: string;
  appName: string;
  publicUrl: string;
  owner: string;
}

export function createReportSubscriptionsService(
  db: Kysely<Database>,
  reports: ReportsService,
  options: ReportSubscriptionsOptions,
): ReportSubscriptionsService {
  const { clock, audit } = options;
  const links = createReportUnsubscribeLinks(options.unsubscribeSecret);
  const outbox = createReportOutbox(db, reports, links, options);

  function toDto(row: ReportSubscriptionRow & { lastSentAt: string | null }): ReportSubscription {
    return {
      _id: row.id,
      report: row.report,
      frequency: row.frequency,
      format: row.format,
      filters: subscriptionFiltersSchema.parse(JSON.parse(row.filters)),
      lastSentAt: row.lastSentAt,
      active: row.stoppedAt === null,
      stopReason: row.stopReason,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  /** One of the caller's own subscriptions, read in the unit of work; another's is not found. */
  async function ownRow(trx: Kysely<Database>, principal: Principal, id: string): Promise<ReportSubscriptionRow> {
    const row = await findSubscription(trx, id);
    if (!row || row.userId !== principal.id) throw new AppError('NOT_FOUND', 'Scheduled report not found');
    return row;
  }

  async function linkOf(token: string) {
    const id = links.verify(token);
    const row = id ? await findSubscription(db, id) : undefined;
    if (!row) return null;
    const user = await userRows.findById(db, row.userId);
    const page = {
      report: row.report,
      language: userEmailLanguage(user?.preferences ?? null),
      appName: options.appName,
    };
    return { row, user, page };
  }

  return {
    async list(principal, query) {
      const { rows, total } = await listSubscriptionsOfUser(db, principal.id, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { data: rows.map(toDto), meta: { total, page: query.page, pageSize: query.pageSize } };
    },

    async create(principal, body) {
      const stamp = nowIso(clock());
      const row: ReportSubscriptionRow = {
        id: newId(),
        userId: principal.id,
        report: body.report,
        frequency: body.frequency,
        format: body.format,
        filters: JSON.stringify(subscriptionFiltersSchema.parse(body.filters ?? {})),
        stoppedAt: null,
        stopReason: null,
        resumedAt: null,
        createdAt: stamp,
        updatedAt: stamp,
      };
      await unitOfWork(db, async (trx) => {
        await insertSubscription(trx, row);
        await recordSubscriptionChange(trx, audit, actorOf(principal), row.id, null, row);
      });
      return toDto({ ...row, lastSentAt: null });
    },

    async update(principal, id, body) {
      const stamp = nowIso(clock());
      await unitOfWork(db, async (trx) => {
        const before = await ownRow(trx, principal, id);
        const after: ReportSubscriptionRow = {
          ...before,
          ...(body.frequency ? { frequency: body.frequency } : {}),
          ...(body.format ? { format: body.format } : {}),
          ...(body.filters ? { filters: JSON.stringify(subscriptionFiltersSchema.parse(body.filters)) } : {}),
        };
        // A pause stops it now; a resumption (or a new frequency) starts from now: no period missed meanwhile.
        if (body.active === false && before.stoppedAt === null) {
          Object.assign(after, { stoppedAt: stamp, stopReason: 'PAUSED' });
        } else if (body.active === true && before.stoppedAt !== null) {
          Object.assign(after, { stoppedAt: null, stopReason: null, resumedAt: stamp });
        }
        if (after.frequency !== before.frequency) after.resumedAt = stamp;
        const { id: _id, userId: _userId, createdAt: _createdAt, updatedAt: _updatedAt, ...values } = after;
        const changed = (Object.keys(values) as (keyof typeof values)[]).filter((key) => values[key] !== before[key]);
        if (changed.length === 0) return;
        await updateSubscriptionColumns(trx, id, { ...values, updatedAt: stamp });
        await recordSubscriptionChange(trx, audit, actorOf(principal), id, before, after);
      });
      const { rows } = await listSubscriptionsOfUser(db, principal.id, { limit: 1, offset: 0 }, id);
      return toDto(rows[0]!);
    },

    async remove(principal, id) {
      await unitOfWork(db, async (trx) => {
        const row = await ownRow(trx, principal, id);
        // Recorded before the row goes, so that the event keeps its owner's name.
        await recordSubscriptionChange(trx, audit, actorOf(principal), id, row, null);
        await deleteSubscription(trx, id);
      });
    },

    async verifyUnsubscribe(token) {
      const link = await linkOf(token);
      return link && { ...link.page, stopped: link.row.stoppedAt !== null };
    },

    async unsubscribe(token) {
      const link = await linkOf(token);
      if (!link) return null;
      const stamp = nowIso(clock());
      await unitOfWork(db, async (trx) => {
        const before = await findSubscription(trx, link.row.id);
        // Already stopped (a second click, a paused one) or deleted meanwhile: nothing to change.
        if (!before || before.stoppedAt !== null) return;
        const stop = { stoppedAt: stamp, stopReason: 'UNSUBSCRIBED' as const, updatedAt: stamp };
        await updateSubscriptionColumns(trx, before.id, stop);
        const actor = link.user ? { id: link.user.id, email: link.user.email } : null;
        await recordSubscriptionChange(trx, audit, actor, before.id, before, { ...before, ...stop });
      });
      return { ...link.page, stopped: true };
    },

    run: () => outbox.run(),
  };
}
