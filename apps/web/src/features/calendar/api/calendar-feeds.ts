import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  calendarFeedListResponseSchema,
  createdCalendarFeedResponseSchema,
  revokedCalendarFeedsResponseSchema,
  type CreateCalendarFeedBody,
} from '@rtms/shared/schemas/calendar';
import { apiRequest, noContent } from '../../../lib/api-client';

const FEEDS_KEY = ['calendar-feeds'] as const;

/** GET /api/calendar-feeds: my feeds, with when each was last fetched. */
export function useCalendarFeeds(enabled: boolean) {
  return useQuery({
    queryKey: FEEDS_KEY,
    queryFn: ({ signal }) => apiRequest('GET', '/calendar-feeds', calendarFeedListResponseSchema, { signal }),
    enabled,
    // "Last used" moves while the dialog is open (a calendar app fetching the new address).
    refetchInterval: enabled ? 15_000 : false,
  });
}

/** POST /api/calendar-feeds → the feed with its URL (the only time the secret is shown). */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCalendarFeedBody) =>
      apiRequest('POST', '/calendar-feeds', createdCalendarFeedResponseSchema, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEEDS_KEY }),
  });
}

/** DELETE /api/calendar-feeds/:id, or every feed of mine without an id. */
export function useRevokeCalendarFeeds() {
  const queryClient = useQueryClient();
  return useMutation({
    // One feed answers 204; all of them, how many were revoked.
    mutationFn: (id?: string): Promise<unknown> =>
      id
        ? apiRequest('DELETE', `/calendar-feeds/${encodeURIComponent(id)}`, noContent)
        : apiRequest('DELETE', '/calendar-feeds', revokedCalendarFeedsResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEEDS_KEY }),
  });
}
