import { sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Db } from '../../db/schema';
import { userIdentityColumns } from '../../db/columns';
import type { NotificationDeliveriesTable, NotificationPreferencesTable } from './notifications.table';

/**
 * The email outbox (`notification_deliveries`) as the sender works it: who has due rows, claiming them for one
 * sender, reading what to send, and recording each outcome.
 */

/**
 * Recipients with pending rows due at `instant` and not held by a live claim; at most `limit`. A skip scan of
 * the claim index (0130): from one recipient with pending rows to the next, each checked for a due row, so the
 * cost grows with the number of recipients, not with their backlog (one admin of the benchmark has 79,000).
 */
export async function findDueRecipients(db: Db, instant: string, limit: number): Promise<string[]> {
  const rows = await sql<{ recipientId: string }>`
    with recursive r(recipient_id) as (
      select min(recipient_id) from notification_deliveries where status = 'PENDING'
      union all
      select (select min(n.recipient_id) from notification_deliveries n
              where n.status = 'PENDING' and n.recipient_id > r.recipient_id)
      from r where r.recipient_id is not null
    )
    select recipient_id as "recipientId" from r
    where r.recipient_id is not null and exists (
      select 1 from notification_deliveries e
      where e.status = 'PENDING' and e.recipient_id = r.recipient_id and e.not_before <= ${instant}
        and (e.claimed_until is null or e.claimed_until < ${instant}))
    limit ${limit}
  `.execute(db);
  return rows.rows.map((row) => row.recipientId);
}

/**
 * Claims at most `limit` of a recipient's due rows, oldest first, for `owner` until `until`: one sender per row
 * across instances (`FOR UPDATE SKIP LOCKED` on PostgreSQL, the conditional update everywhere). The rest stay
 * pending for the next pass. Returns the ids claimed. `owner` is the claim's token, new for each claim: every
 * later write of these rows is fenced by it (decision 038).
 */
export async function claimDeliveries(
  db: Db,
  dialect: Dialect,
  claim: { recipientId: string; owner: string; instant: string; until: string; limit: number },
): Promise<string[]> {
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const due = sql`status = 'PENDING' and not_before <= ${claim.instant} and (claimed_until is null or claimed_until < ${claim.instant})`;
  // The batch is chosen once, in a materialized CTE: PostgreSQL may run an `in (… limit n)` subquery more than once
  // in an update, so that the limit would hold per run only.
  const claimed = await sql<{ id: string }>`
    with batch as materialized (
      select id from notification_deliveries where recipient_id = ${claim.recipientId} and ${due}
      order by not_before, id limit ${claim.limit} ${lock}
    )
    update notification_deliveries set claimed_by = ${claim.owner}, claimed_until = ${claim.until}
    where id in (select id from batch) and ${due}
    returning id
  `.execute(db);
  return claimed.rows.map((row) => row.id);
}

/** How many of a recipient's rows are pending and due at `instant`, claimed or not (read from the claim index). */
export async function countDueDeliveries(db: Db, recipientId: string, instant: string): Promise<number> {
  const row = await db
    .selectFrom('notification_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'PENDING')
    .where('recipientId', '=', recipientId)
    .where('notBefore', '<=', instant)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The recipient with their notification settings (null columns when they never saved any). */
export function findRecipient(db: Db, recipientId: string) {
  return db
    .selectFrom('users')
    .leftJoin('notification_preferences as p', 'p.userId', 'users.id')
    .select(userIdentityColumns('users'))
    .select([
      'users.id',
      'users.preferences',
      'users.lastSignInAt',
      'p.delivery',
      'p.digestHour',
      'p.timeZone',
      'p.quietUntil',
      'p.categories',
      'p.lastDigestOn',
    ])
    .where('users.id', '=', recipientId)
    .executeTakeFirstOrThrow();
}

/**
 * The claimed rows with what an email says about each: the task or the corrective action (its title, status and
 * due date in the same columns, `correctiveActionId` and `findingId` set for an action), its facility and the
 * notification.
 */
export function findClaimedDeliveries(db: Db, ids: string[], owner: string) {
  return db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notifications as n', 'n.id', 'd.notificationId')
    .leftJoin('tasks as t', 't.id', 'n.taskId')
    .leftJoin('corrective_actions as ca', 'ca.id', 'n.correctiveActionId')
    .innerJoin('facilities as f', 'f.id', 'n.facilityId')
    .select([
      'd.id',
      'd.attempts',
      'd.notificationId',
      'n.step',
      'n.category',
      'n.readAt',
      'n.taskId',
      'n.correctiveActionId',
      'ca.findingId',
      sql<string>`coalesce(t.title, ca.title)`.as('taskTitle'),
      sql<string>`coalesce(t.status, ca.status)`.as('taskStatus'),
      't.notApplicableReason',
      sql<string>`coalesce(t.due_date, ca.due_date)`.as('dueDate'),
      'f.id as facilityId',
      'f.name as facilityName',
      'f.timeZone as facilityTimeZone',
    ])
    .where('d.id', 'in', ids)
    .where('d.claimedBy', '=', owner)
    .execute();
}

/**
 * Extends the claim `token` holds on `ids` to `until` (before each message, so that a claim outlives the slowest
 * send). Returns the ids still held: a row missing from the answer was taken over by another sender, whose claim
 * this one's expiry let in, and must not be sent from here.
 */
export async function renewClaim(db: Db, ids: readonly string[], token: string, until: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('notification_deliveries')
    .set({ claimedUntil: until })
    .where('id', 'in', ids)
    .where('status', '=', 'PENDING')
    .where('claimedBy', '=', token)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

type DeliveryChanges = Partial<Omit<NotificationDeliveriesTable, 'id'>>;

/**
 * Writes the outcome of a send (or a release, a skip) to the given rows, fenced by the claim's `token`: only rows
 * this claim still holds change (a sender that lost its claim cannot overwrite the next sender's outcome). Returns
 * how many rows changed; nothing for no rows.
 */
export async function updateDeliveries(
  db: Db,
  ids: readonly string[],
  token: string,
  changes: DeliveryChanges,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('notification_deliveries')
    .set(changes)
    .where('id', 'in', ids)
    .where('claimedBy', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Records that a digest went out today (`lastDigestOn`); a user on the defaults has no settings row yet, so it
 * is made with those defaults, so that the digest goes once per period.
 */
export async function recordDigestSent(
  db: Db,
  userId: string,
  defaults: Omit<NotificationPreferencesTable, 'userId' | 'lastDigestOn' | 'updatedAt' | 'timeZoneSetAt'>,
  lastDigestOn: string,
  updatedAt: string,
): Promise<void> {
  // A first digest writes the defaults; its time zone is not a choice (the browser's may still replace it).
  await db
    .insertInto('notification_preferences')
    .values({ userId, ...defaults, timeZoneSetAt: null, lastDigestOn, updatedAt })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ lastDigestOn }))
    .execute();
}
