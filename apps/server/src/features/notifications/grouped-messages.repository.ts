import { sql } from 'kysely';
import type { NotificationCategory } from '@rtms/shared/schemas/notifications';
import type { Db } from '../../db/schema';

/**
 * What the sender needs to keep to one grouped message per recipient, kind and sweep ("No floods"):
 * whether such a message already went, and how many of the kind it could not list.
 */

/**
 * Whether an email of `category` was sent to the user after the oldest of `notificationIds` was created, i.e.
 * the sweep that made them was already told of in a grouped message (which listed one batch and counted the
 * rest). Read from the recipient's SENT deliveries (few: one per message) through notification_deliveries_claim_idx;
 * reading along every notification released to the user since then took 30 to 70 ms behind a backlog of 78,000.
 */
export async function groupedMessageSentSince(
  db: Db,
  userId: string,
  category: NotificationCategory,
  notificationIds: readonly string[],
): Promise<boolean> {
  if (notificationIds.length === 0) return false;
  const oldest = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.min('createdAt').as('createdAt'))
    .where('id', 'in', notificationIds)
    .executeTakeFirst();
  if (!oldest?.createdAt) return false;
  const since = String(oldest.createdAt);
  const row = await sql<{ one: number }>`
    select 1 as one from notification_deliveries d
    join notifications n on n.id = d.notification_id
    where d.status = 'SENT' and d.recipient_id = ${userId} and d.sent_at >= ${since}
      and n.available_at >= ${since} and n.category = ${category}
    limit 1
  `.execute(db);
  return row.rows.length > 0;
}

/** How many of a recipient's deliveries of `category` are pending and due at `instant` (claimed or not). */
export async function countDueOfCategory(
  db: Db,
  recipientId: string,
  category: NotificationCategory,
  instant: string,
): Promise<number> {
  const row = await db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notifications as n', 'n.id', 'd.notificationId')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('d.status', '=', 'PENDING')
    .where('d.recipientId', '=', recipientId)
    .where('d.notBefore', '<=', instant)
    .where('n.category', '=', category)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The id of a recipient's oldest due pending delivery of `category` (claimed or not), in the claim's order. Of
 * two senders holding rows of one recipient's kind at once, only the one holding this row sends the kind's
 * message; the other puts its rows off briefly, after which they are counted as told (or sent, if that message
 * failed). So two instances never send a kind twice for one sweep.
 */
export async function oldestDueOfCategory(
  db: Db,
  recipientId: string,
  category: NotificationCategory,
  instant: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notifications as n', 'n.id', 'd.notificationId')
    .select('d.id')
    .where('d.status', '=', 'PENDING')
    .where('d.recipientId', '=', recipientId)
    .where('d.notBefore', '<=', instant)
    .where('n.category', '=', category)
    .orderBy('d.notBefore')
    .orderBy('d.id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
