import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationPreferencesResponseSchema,
  type NotificationPreferences,
} from '@rtms/shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['notifications', 'preferences'];

/** GET /api/users/me/notification-preferences */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/users/me/notification-preferences', notificationPreferencesResponseSchema, { signal }).then(
        (body) => body.data,
      ),
  });
}

/** PUT /api/users/me/notification-preferences */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiRequest('PUT', '/users/me/notification-preferences', notificationPreferencesResponseSchema, {
        body: preferences,
      }).then((body) => body.data),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
}
