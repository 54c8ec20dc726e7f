import {
  notificationPreferencesResponseSchema,
  type NotificationPreferences,
} from '@rtms/shared/schemas/notifications';
import { dataResource } from '../../../components/data/list-endpoint';
import { NOTIFICATION_PREFERENCES_KEY } from '../../../lib/auth/browser-time-zone';

const preferences = dataResource(
  NOTIFICATION_PREFERENCES_KEY,
  '/users/me/notification-preferences',
  notificationPreferencesResponseSchema,
);

/** GET /api/users/me/notification-preferences */
export const useNotificationPreferences = preferences.useData;

/** PUT /api/users/me/notification-preferences */
export const useSaveNotificationPreferences = () => preferences.useChange<NotificationPreferences>('PUT');
