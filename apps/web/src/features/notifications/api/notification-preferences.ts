import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@rtms/shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['notifications', 'preferences'];

/** GET /api/users/me/notification-preferences */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiRequest<{ data: NotificationPreferences }>('GET', '/users/me/notification-preferences', { signal }).then(
        (body) => body.data,
      ),
  });
}

/** PUT /api/users/me/notification-preferences */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiRequest<{ data: NotificationPreferences }>('PUT', '/users/me/notification-preferences', {
        body: preferences,
      }).then((body) => body.data),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
}
