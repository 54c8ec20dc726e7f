import type { Kysely } from 'kysely';
import { addDays, addMonthsClamped, dayOfWeek, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { Role } from '@rtms/shared/enums';
import { subscriptionFiltersSchema, type ReportFrequency } from '@rtms/shared/schemas/report-subscriptions';
import type { Database } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import { newId, nowIso } from '../../platform/ids';
import { userEmailLanguage } from '../notifications/email-messages';
import { preferencesOf } from '../notifications/notification-preferences';
import { instantAt } from '../notifications/zoned-time';
import { reportMail } from './report-mail';
import type { ReportUnsubscribeLinks } from './report-unsubscribe-links';
import type { ReportSubscriptionsOptions } from './report-subscriptions.service';
import type { ReportsService } from './reports.service';
import {
  claimDelivery,
  findActiveSubscriptions,
  findDeliveryToSend,
  findDueDeliveries,
  finishDelivery,
  insertDeliveryOnce,
} from './report-subscriptions.repository';

/** Attempts before a delivery is FAILED for good; between them the wait grows (1, 4, 16, 64 minutes). */
const MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 60_000;
/** A claim not finished within this time (its instance died) may be taken by another sender. */
const CLAIM_MS = 5 * 60_000;
/** Deliveries sent per run (a run is every minute). */
const PER_RUN = 20;

export type OutboxRunResult = { queued: number; sent: number; failed: number; retrying: number; skipped: number };

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

/**
 * The scheduled reports' outbox: writes the deliveries that are due (each running subscription's latest Monday or
 * 1st at its user's hour, after it was made or last resumed) under their unique key, then sends what is due,
 * exactly once across instances, each mail with its one-click unsubscribe link.
 */
export function createReportOutbox(
  db: Kysely<Database>,
  reports: ReportsService,
  links: ReportUnsubscribeLinks,
  options: ReportSubscriptionsOptions,
) {
  const { clock } = options;

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
      // Never a period that was due before the subscription was made, or while it was stopped.
      const since = subscription.resumedAt ?? subscription.createdAt;
      if (at.toISOString() < since) continue;
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
    if (row.stoppedAt !== null) {
      await finish('SKIPPED', 'The scheduled report is stopped');
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
      const unsubscribeUrl = `${options.publicUrl}/api/report-subscriptions/unsubscribe/${links.token(row.subscriptionId)}`;
      const mail = reportMail(language, {
        appName: options.appName,
        report: row.report,
        frequency: row.frequency,
        ...period,
        link: `${options.publicUrl}/reports`,
        unsubscribeUrl,
      });
      await options.mailer.send({
        messageKey: id,
        to: row.email,
        language,
        ...mail,
        unsubscribeUrl,
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
    async run(): Promise<OutboxRunResult> {
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
