import { sql, type SqlBool } from 'kysely';
import type { NotificationCategory } from '@rtms/shared/schemas/notifications';
import type { Db } from '../../db/schema';
import { findRow } from '../../db/rows';
import { countRows } from '../../db/count-rows';
import { countedRows, inScope, type CountedRows, type ListRequest } from '../../platform/list-query';
import type { NotificationPreferencesRow } from './notifications.table';

/** The notification centre's and the delivery log's reads: filtered, searched, sorted and paged on the server. */

export interface NotificationFilters {
  userId: string;
  /** Only what is released by this instant (held items appear when "quiet until" ends). */
  now: string;
  /** Facility ids still in the user's scope; undefined = every facility. */
  facilityIds?: string[];
  unread?: boolean;
  category?: NotificationCategory;
  /** Folded LIKE patterns: each matches the task's requirement (title, citation…) or its facility. */
  searchPatterns?: string[];
}

/** The filtered notifications, without joins: a count reads the (user, read, released) index alone. */
function notifications(db: Db, filters: NotificationFilters) {
  let query = db
    .selectFrom('notifications as n')
    .where('n.userId', '=', filters.userId)
    .where('n.availableAt', '<=', filters.now);
  if (filters.facilityIds) query = query.where(inScope('n.facilityId', filters.facilityIds));
  if (filters.unread === true) query = query.where('n.readAt', 'is', null);
  if (filters.unread === false) query = query.where('n.readAt', 'is not', null);
  if (filters.category) query = query.where('n.category', '=', filters.category);
  for (const pattern of filters.searchPatterns ?? []) {
    query = query.where(
      sql<SqlBool>`(${facilityMatches('n.facility_id', pattern)} or ${requirementMatches('n.task_id', pattern)}
        or ${findingMatches('n.corrective_action_id', pattern)})`,
    );
  }
  return query;
}

/** Whether the facility of `column` matches a search pattern. */
export const facilityMatches = (column: string, pattern: string) =>
  sql<SqlBool>`exists (select 1 from facilities sf where sf.id = ${sql.ref(column)} and sf.search_text like ${pattern} escape '\\')`;

/** Whether the requirement of the task of `column` matches a search pattern (its title, citation…). */
export const requirementMatches = (column: string, pattern: string) =>
  sql<SqlBool>`exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = ${sql.ref(column)} and sq.search_text like ${pattern} escape '\\')`;

/** Whether the finding of the corrective action of `column` matches a search pattern (its title, description…). */
export const findingMatches = (column: string, pattern: string) =>
  sql<SqlBool>`exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = ${sql.ref(column)} and sf.search_text like ${pattern} escape '\\')`;

/** The title and due date of a notification's subject: its task, or its corrective action. */
export const subjectTitle = sql<string>`coalesce(t.title, ca.title)`;
const subjectDueDate = sql<string>`coalesce(t.due_date, ca.due_date)`;

const NOTIFICATION_COLUMNS = [
  'n.id',
  'n.category',
  'n.step',
  'n.taskId',
  'n.correctiveActionId',
  'ca.findingId',
  'n.facilityId',
  'n.readAt',
  'n.createdAt',
  'n.availableAt',
  subjectTitle.as('taskTitle'),
  subjectDueDate.as('dueDate'),
  'f.name as facilityName',
  'f.timeZone',
] as const;

export type NotificationListRow = {
  id: string;
  category: NotificationCategory;
  step: string;
  taskId: string | null;
  correctiveActionId: string | null;
  findingId: string | null;
  facilityId: string;
  readAt: string | null;
  createdAt: string;
  availableAt: string;
  taskTitle: string;
  dueDate: string;
  facilityName: string;
  timeZone: string;
};

/** The task's (or corrective action's) title and due date and the facility's name and time zone beside each one. */
function withLabels(query: ReturnType<typeof notifications>) {
  return query
    .leftJoin('tasks as t', 't.id', 'n.taskId')
    .leftJoin('corrective_actions as ca', 'ca.id', 'n.correctiveActionId')
    .innerJoin('facilities as f', 'f.id', 'n.facilityId');
}

export type NotificationSort = 'createdAt' | 'dueDate';

/** One page of the user's notifications and how many match. */
export function listNotifications(
  db: Db,
  { filters, sort, window }: ListRequest<NotificationFilters, NotificationSort>,
): Promise<CountedRows<NotificationListRow>> {
  // "createdAt" of the list is the release instant (available_at): a held item takes its place when it appears.
  const column = sort.field === 'dueDate' ? subjectDueDate : sql.ref('n.availableAt');
  return countedRows(notifications(db, filters), (query) =>
    withLabels(query)
      .select(NOTIFICATION_COLUMNS)
      .orderBy(column, sort.direction)
      .orderBy('n.id', sort.direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  );
}

export function countNotifications(db: Db, filters: NotificationFilters): Promise<number> {
  return countRows(notifications(db, filters));
}

export function findNotification(
  db: Db,
  filters: NotificationFilters,
  id: string,
): Promise<NotificationListRow | undefined> {
  return withLabels(notifications(db, filters)).select(NOTIFICATION_COLUMNS).where('n.id', '=', id).executeTakeFirst();
}

/** Marks one notification read, unless it already is (the first reading's time stays). */
export async function markNotificationRead(db: Db, id: string, readAt: string): Promise<void> {
  await db.updateTable('notifications').set({ readAt }).where('id', '=', id).where('readAt', 'is', null).execute();
}

/** Marks every released, unread notification of a user read; answers how many. */
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

export function findNotificationPreferencesRow(
  db: Db,
  userId: string,
): Promise<NotificationPreferencesRow | undefined> {
  return findRow(db, 'notification_preferences', { userId });
}

type PreferenceValues = Omit<NotificationPreferencesRow, 'userId' | 'lastDigestOn' | 'timeZoneSetAt'>;

/**
 * Writes a user's preferences, creating their row on first use (lastDigestOn starts empty). `timeZoneSetAt`:
 * the time zone is a choice made now; null keeps the row's mark as it is (a write that only carries the zone read).
 */
export async function upsertNotificationPreferences(
  db: Db,
  userId: string,
  values: PreferenceValues,
  timeZoneSetAt: string | null,
): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values({ userId, lastDigestOn: null, ...values, timeZoneSetAt })
    .onConflict((oc) => oc.column('userId').doUpdateSet(timeZoneSetAt ? { ...values, timeZoneSetAt } : values))
    .execute();
}

/**
 * Sets a user's time zone only if none is set yet (the browser's at sign-in), in one statement so that a
 * choice saved meanwhile is never replaced: a user without a row gets `values` with the zone, a row whose zone is
 * the first facility's default gets the zone. True when it was stored.
 */
export async function setTimeZoneIfUnset(db: Db, userId: string, values: PreferenceValues): Promise<boolean> {
  const { timeZone, updatedAt } = values;
  const result = await db
    .insertInto('notification_preferences')
    .values({ userId, lastDigestOn: null, ...values, timeZoneSetAt: updatedAt })
    .onConflict((oc) =>
      oc
        .column('userId')
        .doUpdateSet({ timeZone, timeZoneSetAt: updatedAt, updatedAt })
        .where('notification_preferences.timeZoneSetAt', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * After a change of settings, what waits is put under the new ones: held in-app items are released
 * now or at the new "quiet until", and the email rows put off (to a digest, past a quiet time) become due now,
 * so that the sender judges them again by the new mode, hour, time zone and quiet time. Rows waiting on a retry's
 * backoff (attempted already) and rows a sender holds keep their time.
 */
export async function rescheduleWaiting(db: Db, userId: string, now: string, quietUntil: string | null): Promise<void> {
  const releasedAt = quietUntil !== null && quietUntil > now ? quietUntil : now;
  await db
    .updateTable('notifications')
    .set({ availableAt: releasedAt })
    .where('userId', '=', userId)
    .where('availableAt', '>', now)
    .where('readAt', 'is', null)
    .execute();
  await db
    .updateTable('notification_deliveries')
    .set({ notBefore: now, updatedAt: now })
    .where('recipientId', '=', userId)
    .where('status', '=', 'PENDING')
    .where('attempts', '=', 0)
    .where('notBefore', '>', now)
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
    .execute();
}

/** The time zone of the first facility a user was given (their default one), or null without any. */
export async function findFirstFacilityTimeZone(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('user_facilities as uf')
    .innerJoin('facilities as f', 'f.id', 'uf.facilityId')
    .select('f.timeZone')
    .where('uf.userId', '=', userId)
    .orderBy('uf.createdAt')
    .orderBy('uf.id')
    .limit(1)
    .executeTakeFirst();
  return row?.timeZone ?? null;
}
