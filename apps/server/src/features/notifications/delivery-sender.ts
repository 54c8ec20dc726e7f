import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { diffDays, todayInTimeZone } from '@rtms/shared/calendar-date';
import { seesAllFacilities } from '@rtms/shared/permissions';
import type { NotificationCategory, NotificationPreferences } from '@rtms/shared/schemas/notifications';
import type { Role } from '@rtms/shared/enums';
import type { Dialect } from '../../db/database';
import { heavyReads } from '../../db/off-thread-reads';
import type { Database } from '../../db/schema';
import { newId, nowIso } from '../../platform/ids';
import { userEmailLanguage } from './email-messages';
import { renderDigest, renderGrouped, type EmailItem } from './email-render';
import { countDueOfCategory, groupedMessageSentSince, oldestDueOfCategory } from './grouped-messages.repository';
import type { Mailer } from './mailer';
import {
  claimDeliveries,
  countDueDeliveries,
  findClaimedDeliveries,
  findDueRecipients,
  findRecipient,
  recordDigestSent,
  renewClaim,
  updateDeliveries,
} from './deliveries.repository';
import { preferencesOf, readPreferences } from './notification-preferences';
import { findFacilityIdsOfUser } from '../user-facilities/user-facilities.repository';
import type { UnsubscribeLinks, UnsubscribeScope } from './unsubscribe-links';
import { digestSchedule } from './zoned-time';

/** Attempts before a delivery is FAILED for good; between them the wait grows (1, 4, 16, 64 minutes). */
const MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 60_000;
/**
 * A claim not finished within this time (its instance died) may be taken by another sender. It is renewed before
 * each message, so it only has to outlive one send, which the SMTP timeouts bound (mailer.ts; decision 038).
 */
const CLAIM_MS = 5 * 60_000;
/** Recipients handled per round; the rest wait for the next round or run. */
const RECIPIENTS_PER_ROUND = 200;
/**
 * Rows claimed per recipient per round, oldest first, and so the most one digest lists: a backlog larger than
 * this stays pending for the next rounds (a digest says how many more wait in the app). Decision 020.
 */
export const DELIVERY_BATCH = 100;
/** How long rows of a kind another sender is telling of wait before they are judged again. */
const GROUP_RETRY_MS = 60_000;
/** A run starts new rounds while rows are due, for up to this long (runs are a minute apart). */
const RUN_BUDGET_MS = 10_000;

export interface SendOptions {
  /** Rows claimed per recipient per round (tests use small batches); default DELIVERY_BATCH. */
  batchSize?: number;
  /** How long a run keeps starting rounds; 0: one round. Default RUN_BUDGET_MS. */
  budgetMs?: number;
  /** How long a claim lasts from its last renewal (tests shorten it); default CLAIM_MS. */
  claimMs?: number;
}

export interface SendResult {
  sent: number;
  failed: number;
  retrying: number;
  skipped: number;
  /** Held for the recipient's next digest or the end of their quiet time. */
  deferred: number;
}

export interface SenderContext {
  db: Kysely<Database>;
  dialect: Dialect;
  /** null: SMTP_URL is not set, email is disabled. */
  mailer: Mailer | null;
  links: UnsubscribeLinks;
  appName: string;
  /** Base of links in email (PUBLIC_URL). */
  publicUrl: string;
  owner: string;
}

/** A run's context: the claim length, and the time now (the run's instant plus the time the run has taken). */
interface RunContext extends SenderContext {
  claimMs: number;
  at(): Date;
}

/** One claim: its rows and the token that fences every write to them (decision 038). */
interface Claim {
  token: string;
  ids: string[];
}

interface ClaimedRow {
  id: string;
  attempts: number;
  notificationId: string;
  step: string;
  category: NotificationCategory;
  readAt: string | null;
  /** Null for a corrective action's reminder: then `correctiveActionId` and `findingId` are set. */
  taskId: string | null;
  correctiveActionId: string | null;
  findingId: string | null;
  /** The task's title and status, or the corrective action's. */
  taskTitle: string;
  taskStatus: string;
  notApplicableReason: string | null;
  dueDate: string;
  facilityId: string;
  facilityName: string;
  facilityTimeZone: string;
}

/**
 * Delivers the outbox: claims a bounded batch of each due recipient's pending rows, round after round (one
 * sender per row across instances: `FOR UPDATE SKIP LOCKED` on PostgreSQL, a conditional update everywhere),
 * then sends, defers or skips each, and records the outcome. Urgent ones (due today, escalations) go at once; the rest follow the
 * user's delivery mode.
 */
export async function sendDueDeliveries(
  context: SenderContext,
  now: Date,
  options: SendOptions = {},
): Promise<SendResult> {
  const { db } = context;
  const result: SendResult = { sent: 0, failed: 0, retrying: 0, skipped: 0, deferred: 0 };
  const instant = nowIso(now);
  const limit = options.batchSize ?? DELIVERY_BATCH;
  const started = performance.now();
  const run: RunContext = {
    ...context,
    claimMs: options.claimMs ?? CLAIM_MS,
    at: () => new Date(now.getTime() + (performance.now() - started)),
  };
  // Rounds of one bounded batch per recipient: each row a round takes leaves the due set (sent, skipped, put off
  // or retried later), so rounds end; the budget keeps one run from holding a big backlog for long.
  for (;;) {
    let claimedInRound = 0;
    for (const recipientId of await findDueRecipients(db, instant, RECIPIENTS_PER_ROUND)) {
      const claimed = await claim(run, recipientId, limit);
      if (claimed.ids.length === 0) continue;
      claimedInRound += claimed.ids.length;
      await deliverToRecipient(run, recipientId, claimed, now, result);
      // A turn of the event loop between recipients: on SQLite every statement answers in a microtask, and a
      // mail sink that answers at once (or a pool connection kept open) never waits on the network, so a run
      // over a big outbox would otherwise hold the loop, and every request, for seconds.
      await nextTurn();
    }
    if (claimedInRound === 0 || performance.now() - started >= (options.budgetMs ?? RUN_BUDGET_MS)) break;
  }
  return result;
}

/** Claims a batch of the recipient's due rows under a token of its own (the instance's name and a random part). */
async function claim(run: RunContext, recipientId: string, limit: number): Promise<Claim> {
  const at = run.at();
  const token = `${run.owner}:${newId().slice(-12)}`;
  const until = nowIso(new Date(at.getTime() + run.claimMs));
  const ids = await claimDeliveries(run.db, run.dialect, {
    recipientId,
    owner: token,
    instant: nowIso(at),
    until,
    limit,
  });
  return { token, ids };
}

async function deliverToRecipient(
  context: RunContext,
  recipientId: string,
  { token, ids }: Claim,
  now: Date,
  result: SendResult,
): Promise<void> {
  const { db } = context;
  const user = await findRecipient(db, recipientId);
  // Never saved: the defaults, in the time zone of the user's first facility.
  const prefs: NotificationPreferences = user.delivery
    ? preferencesOf({
        delivery: user.delivery,
        digestHour: user.digestHour!,
        timeZone: user.timeZone!,
        quietUntil: user.quietUntil,
        categories: user.categories!,
      })
    : await readPreferences(db, recipientId);
  const rows: ClaimedRow[] = await findClaimedDeliveries(db, ids, token);
  const facilityScope = seesAllFacilities(user.role as Role)
    ? null
    : new Set(await findFacilityIdsOfUser(db, recipientId));

  const instant = nowIso(now);
  const release = (rowIds: string[], notBefore: string) =>
    updateDeliveries(db, rowIds, token, { claimedBy: null, claimedUntil: null, notBefore, updatedAt: instant });
  // Skips are written per reason, one statement for all the rows of a batch skipped for it.
  const skips = new Map<string, string[]>();
  const skip = (row: ClaimedRow, why: string) => {
    skips.set(why, [...(skips.get(why) ?? []), row.id]);
    result.skipped += 1;
  };
  const writeSkips = async () => {
    for (const [why, rowIds] of skips) {
      await updateDeliveries(db, rowIds, token, {
        status: 'SKIPPED',
        lastError: why,
        claimedBy: null,
        claimedUntil: null,
        updatedAt: instant,
      });
    }
    skips.clear();
  };

  // The user is quiet: hold everything until then (the in-app item was held as well).
  if (prefs.quietUntil && prefs.quietUntil > instant && user.active) {
    await release(
      rows.map((row) => row.id),
      new Date(prefs.quietUntil).toISOString(),
    );
    result.deferred += rows.length;
    return;
  }

  const immediate: ClaimedRow[] = [];
  const digest: ClaimedRow[] = [];
  for (const row of rows) {
    if (!user.active) skip(row, 'Recipient is deactivated');
    else if (row.taskStatus === 'COMPLETED') skip(row, 'Task was completed before the reminder was sent');
    else if (row.correctiveActionId !== null && row.taskStatus !== 'OPEN')
      skip(row, 'Corrective action was done or cancelled before the reminder was sent');
    else if (row.notApplicableReason !== null) skip(row, 'Task was marked not applicable');
    else if (facilityScope && !facilityScope.has(row.facilityId))
      skip(row, 'Recipient no longer has access to the facility');
    else if (!context.mailer) skip(row, 'Email is disabled (SMTP_URL is not set); shown in the app only');
    // An account nobody has used (the generated first administrator, the demo's people, a user not yet signed
    // in) gets no email: its reminders stay in the app (README "Who gets email"), so no backlog floods a mailbox.
    else if (!user.lastSignInAt) skip(row, 'Recipient has never signed in; shown in the app only');
    else if (row.category === 'REVIEW') skip(row, 'Reviews are shown in the app only');
    else if (row.category !== 'ESCALATION' && !prefs.categories[row.category])
      skip(row, `Recipient unsubscribed from ${row.category} email`);
    else if (isUrgent(row, prefs) || prefs.delivery === 'IMMEDIATE') immediate.push(row);
    else digest.push(row);
  }
  await writeSkips();

  const language = userEmailLanguage(user.preferences);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const item = (row: ClaimedRow): EmailItem => ({
    category: row.category,
    subject: row.correctiveActionId === null ? 'TASK' : 'CORRECTIVE_ACTION',
    taskTitle: row.taskTitle,
    facilityName: row.facilityName,
    dueDate: row.dueDate,
    daysUntilDue: diffDays(row.dueDate, todayInTimeZone(row.facilityTimeZone, now)),
    // An action is done from its finding's page.
    taskUrl:
      row.correctiveActionId === null
        ? `${context.publicUrl}/tasks/${row.taskId}`
        : `${context.publicUrl}/findings/${row.findingId}`,
  });
  const unsubscribeUrl = (scope: UnsubscribeScope) =>
    `${context.publicUrl}/api/notifications/unsubscribe/${context.links.token(recipientId, scope)}`;

  // What goes at once goes as one message per kind ("No floods"): never one mail per task. A sweep
  // whose kind was already told of (its first batch listed, the rest counted) sends nothing more of that kind.
  for (const category of MESSAGE_ORDER) {
    const group = immediate.filter((row) => row.category === category);
    if (group.length === 0) continue;
    const ids = group.map((row) => row.notificationId);
    if (await groupedMessageSentSince(db, recipientId, category, ids)) {
      for (const row of group) skip(row, 'Counted in the message of this kind already sent; shown in the app');
      await writeSkips();
      continue;
    }
    const oldest = await oldestDueOfCategory(db, recipientId, category, instant);
    // Another sender holds this kind's oldest row of the recipient: it sends the message; ours wait a moment.
    if (!group.some((row) => row.id === oldest)) {
      await release(
        group.map((row) => row.id),
        nowIso(new Date(now.getTime() + GROUP_RETRY_MS)),
      );
      result.deferred += group.length;
      continue;
    }
    const url = unsubscribeUrl(category);
    const waiting = (await countDueOfCategory(heavyReads(db), recipientId, category, instant)) - group.length;
    const mail = renderGrouped(
      {
        language,
        appName: context.appName,
        recipientName: name,
        unsubscribeUrl: url,
        unsubscribeIsDigestOnly: category === 'ESCALATION',
      },
      category,
      group.map(item),
      { count: Math.max(0, waiting), url: `${context.publicUrl}/notifications` },
    );
    await attempt(context, token, group, now, result, () =>
      context.mailer!.send({ to: user.email, language, unsubscribeUrl: url, messageKey: messageKeyOf(group), ...mail }),
    );
  }

  if (digest.length > 0) {
    const mode = prefs.delivery === 'WEEKLY_DIGEST' ? 'WEEKLY_DIGEST' : 'DAILY_DIGEST';
    const schedule = digestSchedule(mode, prefs.digestHour, prefs.timeZone, user.lastDigestOn ?? null, now);
    if (!schedule.dueNow) {
      await release(
        digest.map((row) => row.id),
        schedule.next.toISOString(),
      );
      result.deferred += digest.length;
      return;
    }
    // A digest leaves out what the user already read in the app.
    const unread: ClaimedRow[] = [];
    for (const row of digest) {
      if (row.readAt) skip(row, 'Already read in the app');
      else unread.push(row);
    }
    await writeSkips();
    if (unread.length === 0) return;
    const url = unsubscribeUrl('ALL');
    // What this batch did not hold waits for the next runs (and digests): the mail says how much. Of this batch
    // only the unread digest rows are still pending and due here (the rest were sent, skipped or put off).
    const waiting = (await countDueDeliveries(heavyReads(db), recipientId, instant)) - unread.length;
    const mail = renderDigest(
      { language, appName: context.appName, recipientName: name, unsubscribeUrl: url, unsubscribeIsDigestOnly: false },
      unread.map(item),
      { count: Math.max(0, waiting), url: `${context.publicUrl}/notifications` },
    );
    const sent = await attempt(context, token, unread, now, result, () =>
      context.mailer!.send({
        to: user.email,
        language,
        unsubscribeUrl: url,
        messageKey: messageKeyOf(unread),
        ...mail,
      }),
    );
    if (sent) {
      const defaults = {
        delivery: prefs.delivery,
        digestHour: prefs.digestHour,
        timeZone: prefs.timeZone,
        quietUntil: prefs.quietUntil,
        categories: JSON.stringify(prefs.categories),
      };
      await recordDigestSent(db, recipientId, defaults, todayInTimeZone(prefs.timeZone, now), instant);
    }
  }
}

/**
 * The key of a message's Message-ID: the least id of the rows it covers, whatever order they were read in, so that
 * the same rows sent again after a crash carry the same Message-ID (decision 038).
 */
function messageKeyOf(rows: readonly ClaimedRow[]): string {
  return rows.map((row) => row.id).sort()[0]!;
}

/**
 * Due today (a task's or a corrective action's) and escalations go at once whatever the mode (an escalation moved
 * into the digest does not).
 */
function isUrgent(row: ClaimedRow, prefs: NotificationPreferences): boolean {
  if (row.category === 'ESCALATION') return prefs.categories.ESCALATION;
  return row.category === 'DUE_TODAY' || (row.category === 'CORRECTIVE_ACTION' && row.step === 'DUE');
}

/** The order in which one run's grouped messages go: the most urgent first. */
const MESSAGE_ORDER: readonly NotificationCategory[] = [
  'ESCALATION',
  'OVERDUE',
  'DUE_TODAY',
  'CORRECTIVE_ACTION',
  'DUE_SOON',
  'TASK_OPENED',
];

/**
 * Sends one message covering `rows`; records SENT, or a retry with backoff, or FAILED after the last attempt. The
 * claim is renewed first: a row this claim no longer holds (its expiry let another sender take it) is not sent
 * from here, and every record is fenced by the token (decision 038).
 */
async function attempt(
  context: RunContext,
  token: string,
  rows: ClaimedRow[],
  now: Date,
  result: SendResult,
  send: () => Promise<{ messageId: string }>,
): Promise<boolean> {
  const instant = nowIso(now);
  const ids = rows.map((row) => row.id);
  const attempts = Math.max(...rows.map((row) => Number(row.attempts))) + 1;
  const held = await renewClaim(context.db, ids, token, nowIso(new Date(context.at().getTime() + context.claimMs)));
  if (held.length < ids.length) {
    // Part of the message is another sender's now: leave it all to the next round.
    await updateDeliveries(context.db, held, token, { claimedBy: null, claimedUntil: null });
    return false;
  }
  try {
    const { messageId } = await send();
    await updateDeliveries(context.db, ids, token, {
      status: 'SENT',
      attempts,
      messageId,
      sentAt: instant,
      lastError: null,
      claimedBy: null,
      claimedUntil: null,
      updatedAt: instant,
    });
    result.sent += rows.length;
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = attempts >= MAX_ATTEMPTS;
    await updateDeliveries(context.db, ids, token, {
      status: final ? 'FAILED' : 'PENDING',
      attempts,
      lastError: message.slice(0, 1000),
      notBefore: nowIso(new Date(now.getTime() + BACKOFF_BASE_MS * 4 ** (attempts - 1))),
      claimedBy: null,
      claimedUntil: null,
      updatedAt: instant,
    });
    if (final) result.failed += rows.length;
    else result.retrying += rows.length;
    return false;
  }
}
