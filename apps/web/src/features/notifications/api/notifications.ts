import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  notificationPageSchema,
  notificationResponseSchema,
  readAllResponseSchema,
  unreadCountSchema,
  type notificationListQuerySchema,
} from '@rtms/shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

export type NotificationPage = z.infer<typeof notificationPageSchema>;
/** GET /api/notifications query, typed by its shared schema. */
export type NotificationsQuery = z.input<typeof notificationListQuerySchema>;

/** How often the bell asks for the unread count: new reminders show without a reload. */
export const UNREAD_POLL_MS = 30_000;

/** GET /api/notifications: mine, newest first (`unread=true` for the unread ones). */
export function listNotifications(query: NotificationsQuery, signal?: AbortSignal): Promise<NotificationPage> {
  return apiRequest('GET', `/notifications${toQueryString(query)}`, notificationPageSchema, { signal });
}

export function useNotifications(query: NotificationsQuery, options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: ['notifications', 'list', query],
    queryFn: ({ signal }) => listNotifications(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: options.poll ? UNREAD_POLL_MS : false,
  });
}

/** GET /api/notifications as the notifications screen uses it: polled, so new reminders show without a reload. */
export const notificationsEndpoint = {
  list: listNotifications,
  useList: (query: NotificationsQuery) => useNotifications(query, { poll: true }),
};

/** GET /api/notifications/unread-count, polled. */
export function useUnreadCount() {
  return useQuery({
    queryKey: ['notifications', 'unread-count'],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/notifications/unread-count', unreadCountSchema, { signal }).then((body) => body.data.count),
    refetchInterval: UNREAD_POLL_MS,
  });
}

function useInvalidateNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['notifications'] });
}

/** POST /api/notifications/:id/read */
export function useMarkRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('POST', `/notifications/${encodeURIComponent(id)}/read`, notificationResponseSchema),
    onSuccess: invalidate,
  });
}

/** POST /api/notifications/read-all */
export function useMarkAllRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/notifications/read-all', readAllResponseSchema),
    onSuccess: invalidate,
  });
}
