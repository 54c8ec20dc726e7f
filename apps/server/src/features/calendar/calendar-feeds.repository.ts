import type { Db } from '../../db/schema';
import { insertRow } from '../../db/rows';
import type { CalendarFeedRow } from './calendar-feeds.table';
import { countRows } from '../../db/count-rows';

/** What every read of a feed answers about it (never its secret's hash). */
const feedColumns = [
  'calendar_feeds.id',
  'calendar_feeds.name',
  'calendar_feeds.scope',
  'calendar_feeds.facilityId',
] as const;

export function findFeedsOfUser(db: Db, userId: string) {
  return db
    .selectFrom('calendar_feeds')
    .leftJoin('facilities', 'facilities.id', 'calendar_feeds.facilityId')
    .select([
      ...feedColumns,
      'facilities.name as facilityName',
      'calendar_feeds.createdAt',
      'calendar_feeds.lastUsedAt',
    ])
    .where('calendar_feeds.userId', '=', userId)
    .orderBy('calendar_feeds.createdAt', 'desc')
    .orderBy('calendar_feeds.id')
    .execute();
}
export type CalendarFeedListRow = Awaited<ReturnType<typeof findFeedsOfUser>>[number];

export async function countFeedsOfUser(db: Db, userId: string): Promise<number> {
  return countRows(db.selectFrom('calendar_feeds').where('userId', '=', userId));
}

export async function insertFeed(db: Db, row: CalendarFeedRow): Promise<void> {
  await insertRow(db, 'calendar_feeds', row);
}

/** Deletes the user's feeds (one by id, or all); returns the deleted rows. */
export async function deleteFeedsOfUser(db: Db, userId: string, id?: string): Promise<CalendarFeedRow[]> {
  let query = db.selectFrom('calendar_feeds').selectAll().where('userId', '=', userId);
  if (id) query = query.where('id', '=', id);
  const rows = await query.execute();
  if (rows.length) {
    await db
      .deleteFrom('calendar_feeds')
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
  }
  return rows;
}

/** The feed of a secret's hash with its owner, only while the owner is active. */
export function findActiveFeedBySecretHash(db: Db, secretHash: string) {
  return db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.userId')
    .select([...feedColumns, 'calendar_feeds.lastUsedAt', 'users.id as userId', 'users.role'])
    .where('calendar_feeds.secretHash', '=', secretHash)
    .where('users.active', '=', 1)
    .executeTakeFirst();
}

export async function markFeedUsed(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('calendar_feeds').set({ lastUsedAt: at }).where('id', '=', id).execute();
}
