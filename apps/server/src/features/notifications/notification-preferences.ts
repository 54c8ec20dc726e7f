import type { Kysely } from 'kysely';
import {
  EMAIL_NOTIFICATION_CATEGORIES,
  notificationCategoriesSchema,
  type NotificationCategories,
  type NotificationPreferences,
} from '@rtms/shared/schemas/notifications';
import type { Database } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import {
  findFirstFacilityTimeZone,
  findNotificationPreferencesRow,
  rescheduleWaiting,
  setTimeZoneIfUnset,
  upsertNotificationPreferences,
} from './notifications.repository';
import type { NotificationPreferencesRow } from './notifications.table';

/**
 * A user who never saved settings: a daily digest at 07:00, every category by email, in the time zone of their
 * browser at their first sign-in (adoptTimeZone), else of their first facility (UTC without one).
 */
const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  delivery: 'DAILY_DIGEST',
  digestHour: 7,
  timeZone: 'UTC',
  quietUntil: null,
  categories: Object.fromEntries(
    EMAIL_NOTIFICATION_CATEGORIES.map((category) => [category, true]),
  ) as NotificationCategories,
};

/** The stored row as the API shape; a category missing from older rows counts as on. */
export function preferencesOf(
  row:
    | Pick<NotificationPreferencesRow, 'delivery' | 'digestHour' | 'timeZone' | 'quietUntil' | 'categories'>
    | undefined
    | null,
): NotificationPreferences {
  if (!row) return DEFAULT_NOTIFICATION_PREFERENCES;
  const stored = notificationCategoriesSchema.partial().safeParse(JSON.parse(row.categories));
  return {
    delivery: row.delivery,
    digestHour: Number(row.digestHour),
    timeZone: row.timeZone,
    quietUntil: row.quietUntil,
    categories: { ...DEFAULT_NOTIFICATION_PREFERENCES.categories, ...(stored.success ? stored.data : {}) },
  };
}

export async function readPreferences(db: Kysely<Database>, userId: string): Promise<NotificationPreferences> {
  const row = await findNotificationPreferencesRow(db, userId);
  if (row) return preferencesOf(row);
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, timeZone: (await findFirstFacilityTimeZone(db, userId)) ?? 'UTC' };
}

/**
 * Replaces a user's settings and re-times what waits. `choice: false` for a write that only carries the time zone it
 * read (an unsubscribe link): a default zone stays a default, which the browser's may still replace.
 */
export async function writePreferences(
  db: Kysely<Database>,
  userId: string,
  preferences: NotificationPreferences,
  now: string,
  { choice = true }: { choice?: boolean } = {},
): Promise<void> {
  const values = toRowValues(preferences, now);
  await unitOfWork(db, async (trx) => {
    await upsertNotificationPreferences(trx, userId, values, choice ? now : null);
    await rescheduleWaiting(trx, userId, now, values.quietUntil);
  });
}

/**
 * The browser's time zone at sign-in becomes the user's only if none is set yet: never over a zone the
 * user saved or one set at an earlier sign-in, so a replay changes nothing. What waits is re-timed when it is stored.
 */
export async function adoptTimeZone(
  db: Kysely<Database>,
  userId: string,
  timeZone: string,
  now: string,
): Promise<void> {
  await unitOfWork(db, async (trx) => {
    const current = await readPreferences(trx, userId);
    const values = toRowValues({ ...current, timeZone }, now);
    if (await setTimeZoneIfUnset(trx, userId, values)) await rescheduleWaiting(trx, userId, now, values.quietUntil);
  });
}

function toRowValues(preferences: NotificationPreferences, now: string) {
  return {
    delivery: preferences.delivery,
    digestHour: preferences.digestHour,
    timeZone: preferences.timeZone,
    // Stored in UTC so that it compares as text with the other instants.
    quietUntil: preferences.quietUntil ? new Date(preferences.quietUntil).toISOString() : null,
    categories: JSON.stringify(preferences.categories),
    updatedAt: now,
  };
}
