import type { Db } from '../../db/schema';
import type { ReportDeliveryRow, ReportSubscriptionRow } from './report-subscriptions.table';

/** The scheduled reports' rows: subscriptions, and their outbox (report_deliveries). */

export async function listSubscriptionsOfUser(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
  id?: string,
): Promise<{ rows: (ReportSubscriptionRow & { lastSentAt: string | null })[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('report_subscriptions')
      .$if(id !== undefined, (query) => query.where('report_subscriptions.id', '=', id!))
      .selectAll('report_subscriptions')
      .select((eb) =>
        eb
          .selectFrom('report_deliveries')
          .select((inner) => inner.fn.max('report_deliveries.sentAt').as('at'))
          .whereRef('report_deliveries.subscriptionId', '=', 'report_subscriptions.id')
          .as('lastSentAt'),
      )
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('report_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .$if(id !== undefined, (query) => query.where('id', '=', id!))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => ({ ...row, lastSentAt: row.lastSentAt ?? null })), total: Number(count.count) };
}

export async function insertSubscription(db: Db, row: ReportSubscriptionRow): Promise<void> {
  await db.insertInto('report_subscriptions').values(row).execute();
}

export function findSubscription(db: Db, id: string) {
  return db.selectFrom('report_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom('report_subscriptions').where('id', '=', id).execute();
}

/** Writes a subscription's changed columns (its settings, or its stop and resumption). */
export async function updateSubscriptionColumns(
  db: Db,
  id: string,
  values: Partial<Omit<ReportSubscriptionRow, 'id' | 'userId' | 'createdAt'>>,
): Promise<void> {
  await db.updateTable('report_subscriptions').set(values).where('id', '=', id).execute();
}

/** Stops every running subscription of a user (its user is deactivated); answers the rows as they were. */
export async function stopSubscriptionsOfUser(
  db: Db,
  userId: string,
  stop: Pick<ReportSubscriptionRow, 'stoppedAt' | 'stopReason' | 'updatedAt'>,
): Promise<ReportSubscriptionRow[]> {
  const rows = await db
    .selectFrom('report_subscriptions')
    .selectAll()
    .where('userId', '=', userId)
    .where('stoppedAt', 'is', null)
    .execute();
  if (rows.length) {
    await db
      .updateTable('report_subscriptions')
      .set(stop)
      .where('userId', '=', userId)
      .where('stoppedAt', 'is', null)
      .execute();
  }
  return rows;
}

/** Every running subscription of an active user, with the user's digest hour and time zone (null: the defaults). */
export function findActiveSubscriptions(db: Db) {
  return db
    .selectFrom('report_subscriptions')
    .innerJoin('users', 'users.id', 'report_subscriptions.userId')
    .leftJoin('notification_preferences as p', 'p.userId', 'users.id')
    .selectAll('report_subscriptions')
    .select(['p.digestHour', 'p.timeZone'])
    .where('users.active', '=', 1)
    .where('report_subscriptions.stoppedAt', 'is', null)
    .execute();
}

/** Writes a period's delivery unless it exists (the unique key makes a second one impossible); true when new. */
export async function insertDeliveryOnce(db: Db, row: ReportDeliveryRow): Promise<boolean> {
  const result = await db
    .insertInto('report_deliveries')
    .values(row)
    .onConflict((conflict) => conflict.columns(['subscriptionId', 'periodKey']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Pending deliveries due at `now`, not held by a live claim. */
export function findDueDeliveries(db: Db, now: string, limit: number) {
  return db
    .selectFrom('report_deliveries')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('notBefore', '<=', now)
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
    .orderBy('notBefore')
    .limit(limit)
    .execute();
}

/** Takes one delivery for this sender until `until`: false when another sender holds it or it is no longer pending. */
export async function claimDelivery(db: Db, id: string, owner: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('report_deliveries')
    .set({ claimedBy: owner, claimedUntil: until, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The claimed delivery with its subscription and recipient (null fields: the subscription is gone). */
export function findDeliveryToSend(db: Db, id: string) {
  return db
    .selectFrom('report_deliveries')
    .innerJoin('users', 'users.id', 'report_deliveries.recipientId')
    .leftJoin('report_subscriptions as s', 's.id', 'report_deliveries.subscriptionId')
    .select([
      'report_deliveries.id',
      'report_deliveries.subscriptionId',
      'report_deliveries.periodKey',
      'report_deliveries.attempts',
      'users.id as userId',
      'users.email',
      'users.firstName',
      'users.lastName',
      'users.role',
      'users.active',
      'users.preferences',
      's.report',
      's.frequency',
      's.format',
      's.filters',
      's.stoppedAt',
    ])
    .where('report_deliveries.id', '=', id)
    .executeTakeFirst();
}

/** Records the outcome of a claimed delivery, fenced by the claim (a sender that lost it writes nothing). */
export async function finishDelivery(
  db: Db,
  id: string,
  owner: string,
  update: Pick<ReportDeliveryRow, 'status' | 'attempts' | 'lastError' | 'notBefore' | 'sentAt' | 'updatedAt'>,
): Promise<void> {
  await db
    .updateTable('report_deliveries')
    .set({ ...update, claimedBy: null, claimedUntil: null })
    .where('id', '=', id)
    .where('claimedBy', '=', owner)
    .execute();
}

/** The deliveries of a user's subscriptions (the tests' and the log's view). */
export function findDeliveriesOfRecipient(db: Db, recipientId: string) {
  return db
    .selectFrom('report_deliveries')
    .selectAll()
    .where('recipientId', '=', recipientId)
    .orderBy('createdAt')
    .execute();
}
