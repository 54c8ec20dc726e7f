import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  reportSubscriptionPageSchema,
  reportSubscriptionResponseSchema,
  type CreateReportSubscriptionBody,
  type UpdateReportSubscriptionBody,
} from '@rtms/shared/schemas/report-subscriptions';
import { apiRequest, noContent } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

const KEY = ['report-subscriptions'] as const;

/** GET /api/report-subscriptions: my scheduled reports (the first hundred, newest first). */
export const reportSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/report-subscriptions?pageSize=100', reportSubscriptionPageSchema, { signal }),
  });

export function useReportSubscriptions() {
  return useQuery(reportSubscriptionsQueryOptions());
}

/** POST /api/report-subscriptions. */
export function useCreateReportSubscription() {
  return useInvalidatingMutation(
    (body: CreateReportSubscriptionBody) =>
      apiRequest('POST', '/report-subscriptions', reportSubscriptionResponseSchema, { body }),
    [KEY],
  );
}

/** DELETE /api/report-subscriptions/:id. */
export function useDeleteReportSubscription() {
  return useInvalidatingMutation(
    (id: string) => apiRequest('DELETE', `/report-subscriptions/${encodeURIComponent(id)}`, noContent),
    [KEY],
  );
}

/** PATCH /api/report-subscriptions/:id: new settings, or `{active: false}` to pause and `{active: true}` to resume. */
export function useUpdateReportSubscription() {
  return useInvalidatingMutation(
    ({ id, body }: { id: string; body: UpdateReportSubscriptionBody }) =>
      apiRequest('PATCH', `/report-subscriptions/${encodeURIComponent(id)}`, reportSubscriptionResponseSchema, {
        body,
      }),
    [KEY],
  );
}
