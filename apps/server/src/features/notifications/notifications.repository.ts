import type { Kysely } from 'kysely';
import type { NotificationDelivery } from '@rtms/shared/schemas/notifications';
import type { Database } from '../../db/schema';
import type { NotificationPreferencesRow } from './notifications.table';

type Db = Kysely<Database>;

/** Whose notifications, as seen when: a user's released ones about facilities still in their scope. */
export interface NotificationReader {
  userId: string;
  /** undefined = every facility; otherwise the facilities in scope. */
  facilityIds: readonly string[] | undefined;
  /** Held notifications count from their release instant. */
  now: string;
}

interface PageWindow {
  page: number;
  pageSize: number;
}

function readerNotifications(db: Db, reader: NotificationReader) {
  let query = db
    .selectFrom('notifications as n')
    .innerJoin('tasks as t', 't.id', 'n.taskId')
    .innerJoin('facilities as f', 'f.id', 'n.facilityId')
    .where('n.userId', '=', reader.userId)
    .where('n.availableAt', '<=', reader.now);
  if (reader.facilityIds) {
    query = query.where('n.facilityId', 'in', reader.facilityIds.length ? reader.facilityIds : ['']);
  }
  return query;
}

const NOTIFICATION_COLUMNS = [
  'n.id',
  'n.category',
  'n.step',
  'n.taskId',
  'n.facilityId',
  'n.readAt',
  'n.createdAt',
  'n.availableAt',
  't.title as taskTitle',
  't.dueDate',
  'f.name as facilityName',
  'f.timeZone',
] as const;

export type NotificationListRow = Awaited<ReturnType<typeof findNotification>> & object;

export async function findNotificationsPage(
  db: Db,
  reader: NotificationReader,
  query: PageWindow & { unread?: 'true' | 'false' },
) {
  let base = readerNotifications(db, reader);
  if (query.unread === 'true') base = base.where('n.readAt', 'is', null);
  if (query.unread === 'false') base = base.where('n.readAt', 'is not', null);
  const [rows, total] = await Promise.all([
    base
      .select(NOTIFICATION_COLUMNS)
      .orderBy('n.availableAt', 'desc')
      .orderBy('n.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function countUnreadNotifications(db: Db, reader: NotificationReader): Promise<number> {
  const row = await readerNotifications(db, reader)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('n.readAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function findNotification(db: Db, reader: NotificationReader, id: string) {
  return readerNotifications(db, reader).select(NOTIFICATION_COLUMNS).where('n.id', '=', id).executeTakeFirst();
}

export async function markNotificationRead(db: Db, id: string, readAt: string): Promise<void> {
  await db.updateTable('notifications').set({ readAt }).where('id', '=', id).where('readAt', 'is', null).execute();
}

/** Marks every released unread notification of a user read; returns how many. */
export async function markAllNotificationsRead(db: Db, userId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ readAt: now })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .where('availableAt', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The delivery log: deliveries to facilities in scope (undefined = all), newest change first. */
export async function findDeliveriesPage(
  db: Db,
  facilityIds: readonly string[] | undefined,
  query: PageWindow & { status?: string; facilityId?: string; recipientId?: string },
) {
  let base = db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notifications as n', 'n.id', 'd.notificationId')
    .innerJoin('tasks as t', 't.id', 'n.taskId')
    .innerJoin('users as u', 'u.id', 'd.recipientId');
  if (facilityIds) base = base.where('d.facilityId', 'in', facilityIds.length ? facilityIds : ['']);
  if (query.status) base = base.where('d.status', '=', query.status as NotificationDelivery['status']);
  if (query.facilityId) base = base.where('d.facilityId', '=', query.facilityId);
  if (query.recipientId) base = base.where('d.recipientId', '=', query.recipientId);
  const [rows, total] = await Promise.all([
    base
      .select([
        'd.id',
        'd.notificationId',
        'd.recipientId',
        'd.facilityId',
        'd.channel',
        'd.status',
        'd.attempts',
        'd.lastError',
        'd.sentAt',
        'd.createdAt',
        'd.updatedAt',
        'n.category',
        'n.step',
        'n.taskId',
        't.title as taskTitle',
        'u.firstName',
        'u.lastName',
        'u.email',
      ])
      .orderBy('d.updatedAt', 'desc')
      .orderBy('d.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export function findNotificationPreferencesRow(
  db: Db,
  userId: string,
): Promise<NotificationPreferencesRow | undefined> {
  return db.selectFrom('notification_preferences').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** Writes a user's preferences, creating their row on first use (lastDigestOn starts empty). */
export async function upsertNotificationPreferences(
  db: Db,
  userId: string,
  values: Omit<NotificationPreferencesRow, 'userId' | 'lastDigestOn'>,
): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values({ userId, lastDigestOn: null, ...values })
    .onConflict((oc) => oc.column('userId').doUpdateSet(values))
    .execute();
}
