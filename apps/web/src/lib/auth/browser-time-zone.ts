import type { NotificationPreferences } from '@rtms/shared/schemas/notifications';
import { apiRequest } from '../api-client';
import { notifications } from './answers';

/** The query of the caller's notification settings (features/notifications), which the answer below fills. */
export const NOTIFICATION_PREFERENCES_KEY = ['notifications', 'preferences'] as const;

/** The browser's IANA time zone (e.g. America/Chicago), or undefined where the browser names none. */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/**
 * POST /api/users/me/notification-preferences/initial-time-zone, right after each sign-in: the server
 * keeps the browser's zone as the user's only while they have none set, so a later sign-in elsewhere changes
 * nothing. Answers the settings as they are now (undefined: the browser names no zone).
 */
export async function sendBrowserTimeZone(): Promise<NotificationPreferences | undefined> {
  const timeZone = browserTimeZone();
  if (!timeZone) return undefined;
  const answer = await apiRequest(
    'POST',
    '/users/me/notification-preferences/initial-time-zone',
    () => notifications().then((schemas) => schemas.notificationPreferencesResponseSchema),
    { body: { timeZone } },
  );
  return answer.data;
}
