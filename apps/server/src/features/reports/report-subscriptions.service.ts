import type { Kysely } from 'kysely';
import { addDays, addMonthsClamped, dayOfWeek, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { Role } from '@rtms/shared/enums';
import {
  subscriptionFiltersSchema,
  type CreateReportSubscriptionBody,
  type ReportFrequency,
  type ReportSubscription,
  type ReportSubscriptionListQuery,
} from '@rtms/shared/schemas/report-subscriptions';
import type { PageMeta } from '@rtms/shared/schemas/common';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { unitOfWork } from '../../db/unit-of-work';
import type { Mailer } from '../notifications/mailer';
import { userEmailLanguage } from '../notifications/email-messages';
import { instantAt } from '../notifications/zoned-time';
import { preferencesOf } from '../notifications/notification-preferences';
import { reportMail } from './report-mail';
import type { ReportsService } from './reports.service';
import {
  claimDelivery,
  deleteSubscription,
  findActiveSubscriptions,
  findDeliveryToSend,
  findDueDeliveries,
  findSubscription,
  finishDelivery,
  insertDeliveryOnce,
  insertSubscription,
  listSubscriptionsOfUser,
} from './report-subscriptions.repository';

/** Attempts before a delivery is FAILED for good; between them the wait grows (1, 4, 16, 64 minutes). */
const MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 60_000;
/** A claim not finished within this time (its instance died) may be taken by another sender. */
const CLAIM_MS = 5 * 60_000;
/** Deliveries sent per run (a run is every minute). */
const PER_RUN = 20;

export interface ReportSubscriptionsService {
  list(
    principal: Principal,
    query: ReportSubscriptionListQuery,
  ): Promise<{ data: ReportSubscription[]; meta: PageMeta }>;
  create(principal: Principal, body: CreateReportSubscriptionBody): Promise<ReportSubscription>;
  /** Deletes one of the caller's own; another's is not found (404). */
  remove(principal: Principal, id: string): Promise<void>;
  /**
   * Writes the deliveries that are due (each subscription's latest Monday or 1st at its user's hour, after it was
   * made) to the outbox under their unique key, then sends what is due: exactly once across instances.
   */
  run(): Promise<{ queued: number; sent: number; failed: number; retrying: number; skipped: number }>;
}

export interface ReportSubscriptionsOptions {
  clock: Clock;
  mailer: Mailer | null;
  appName: string;
  publicUrl: string;
  owner: string;
}

/** The latest day a subscription is due on or before `today`: a Monday (weekly) or a 1st (monthly). */
function latestDueDay(frequency: ReportFrequency, today: string): string {
  if (frequency === 'MONTHLY') return `${today.slice(0, 8)}01`;
  return addDays(today, -((dayOfWeek(today) + 6) % 7));
}

/** The period a report sent on `day` covers: the week or month before it (the trend: the 12 months to its end). */
export function reportPeriodOf(frequency: ReportFrequency, report: 'SCORECARD' | 'TREND', day: string) {
  const to = addDays(day, -1);
  const from = frequency === 'WEEKLY' ? addDays(day, -7) : addMonthsClamped(day, -1);
  return report === 'TREND' ? { from: addMonthsClamped(`${to.slice(0, 8)}01`, -11), to } : { from, to };
}

export function createReportSubscriptionsService(
  db: Kysely<Database>,
  reports: ReportsService,
  options: ReportSubscriptionsOptions,
): ReportSubscriptionsService {
  const { clock } = options;

  function toDto(row: {
    id: string;
    report: ReportSubscription['report'];
    frequency: ReportSubscription['frequency'];
    format: ReportSubscription['format'];
    filters: string;
    createdAt: string;
    updatedAt: string;
    lastSentAt: string | null;
  }): ReportSubscription {
    return {
      _id: row.id,
      report: row.report,
      frequency: row.frequency,
      format: row.format,
      filters: subscriptionFiltersSchema.parse(JSON.parse(row.filters)),
      lastSentAt: row.lastSentAt,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  async function queue(now: Date): Promise<number> {
    let queued = 0;
    for (const subscription of await findActiveSubscriptions(db)) {
      const timeZone = subscription.timeZone ?? preferencesOf(null).timeZone;
      const hour = subscription.digestHour ?? preferencesOf(null).digestHour;
      let day = latestDueDay(subscription.frequency, todayInTimeZone(timeZone, now));
      let at = instantAt(day, hour, timeZone);
      // Today's due hour not reached yet: the one before.
      if (at > now) {
        day = latestDueDay(subscription.frequency, addDays(day, -1));
        at = instantAt(day, hour, timeZone);
      }
      // Never a period that was due before the subscription was made.
      if (at.toISOString() < subscription.createdAt) continue;
      const stamp = nowIso(now);
      const inserted = await unitOfWork(db, (trx) =>
        insertDeliveryOnce(trx, {
          id: newId(),
          subscriptionId: subscription.id,
          recipientId: subscription.userId,
          periodKey: day,
          status: 'PENDING',
          attempts: 0,
          lastError: null,
          notBefore: at.toISOString(),
          claimedBy: null,
          claimedUntil: null,
          sentAt: null,
          createdAt: stamp,
          updatedAt: stamp,
        }),
      );
      if (inserted) queued += 1;
    }
    return queued;
  }

  /** Sends one claimed delivery; answers its outcome. */
  async function sendOne(id: string): Promise<'sent' | 'failed' | 'retrying' | 'skipped'> {
    const now = clock();
    const row = await findDeliveryToSend(db, id);
    if (!row) return 'skipped';
    const finish = (
      status: 'SENT' | 'FAILED' | 'SKIPPED' | 'PENDING',
      lastError: string | null,
      attempts = row.attempts,
    ) =>
      unitOfWork(db, (trx) =>
        finishDelivery(trx, id, options.owner, {
          status,
          attempts,
          lastError,
          notBefore:
            status === 'PENDING'
              ? new Date(now.getTime() + BACKOFF_BASE_MS * 4 ** (attempts - 1)).toISOString()
              : nowIso(now),
          sentAt: status === 'SENT' ? nowIso(now) : null,
          updatedAt: nowIso(now),
        }),
      );
    if (!row.report || !row.frequency || !row.format || row.filters === null) {
      await finish('SKIPPED', 'The subscription was deleted');
      return 'skipped';
    }
    if (!row.active) {
      await finish('SKIPPED', 'The recipient is deactivated');
      return 'skipped';
    }
    if (!options.mailer) {
      await finish('SKIPPED', 'Email is disabled (SMTP_URL is not set)');
      return 'skipped';
    }
    try {
      const { groupBy, ...filters } = subscriptionFiltersSchema.parse(JSON.parse(row.filters));
      const period = reportPeriodOf(row.frequency, row.report, row.periodKey);
      // The recipient's scope as it is now, at sending time.
      const principal = {
        id: row.userId,
        role: row.role as Role,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
      };
      const file = await reports.file(principal, row.report, { ...period, groupBy, ...filters }, row.format);
      const language = userEmailLanguage(row.preferences);
      const mail = reportMail(language, {
        appName: options.appName,
        report: row.report,
        frequency: row.frequency,
        ...period,
        link: `${options.publicUrl}/reports`,
      });
      await options.mailer.send({
        messageKey: id,
        to: row.email,
        language,
        ...mail,
        attachments: [{ filename: file.fileName, content: file.body, contentType: file.mediaType }],
      });
      await finish('SENT', null);
      return 'sent';
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      await finish(attempts >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING', message.slice(0, 1000), attempts);
      return attempts >= MAX_ATTEMPTS ? 'failed' : 'retrying';
    }
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
      const row = {
        id: newId(),
        userId: principal.id,
        report: body.report,
        frequency: body.frequency,
        format: body.format,
        filters: JSON.stringify(subscriptionFiltersSchema.parse(body.filters ?? {})),
        createdAt: stamp,
        updatedAt: stamp,
      };
      await unitOfWork(db, (trx) => insertSubscription(trx, row));
      return toDto({ ...row, lastSentAt: null });
    },

    async remove(principal, id) {
      await unitOfWork(db, async (trx) => {
        const row = await findSubscription(trx, id);
        if (!row || row.userId !== principal.id) throw new AppError('NOT_FOUND', 'Scheduled report not found');
        await deleteSubscription(trx, id);
      });
    },

    async run() {
      const now = clock();
      const queued = await queue(now);
      const counts = { queued, sent: 0, failed: 0, retrying: 0, skipped: 0 };
      for (const { id } of await findDueDeliveries(db, nowIso(now), PER_RUN)) {
        const claimedUntil = new Date(clock().getTime() + CLAIM_MS).toISOString();
        const claimed = await unitOfWork(db, (trx) =>
          claimDelivery(trx, id, options.owner, nowIso(clock()), claimedUntil),
        );
        if (!claimed) continue;
        counts[await sendOne(id)] += 1;
      }
      return counts;
    },
  };
}
