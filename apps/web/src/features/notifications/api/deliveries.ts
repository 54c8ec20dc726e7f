import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type deliveryListQuerySchema, deliveryPageSchema } from '@rtms/shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

export type DeliveryPage = z.infer<typeof deliveryPageSchema>;
/** GET /api/notification-deliveries query, typed by its shared schema. */
export type DeliveriesQuery = z.input<typeof deliveryListQuerySchema>;

/** GET /api/notification-deliveries (admins, their facilities): the outbox with status and error. */
export function listDeliveries(query: DeliveriesQuery, signal?: AbortSignal): Promise<DeliveryPage> {
  return apiRequest('GET', `/notification-deliveries${toQueryString(query)}`, deliveryPageSchema, { signal });
}

export function useDeliveries(query: DeliveriesQuery) {
  return useQuery({
    queryKey: ['notifications', 'deliveries', query],
    queryFn: ({ signal }) => listDeliveries(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/notification-deliveries as the delivery log uses it. */
export const deliveriesEndpoint = { list: listDeliveries, useList: useDeliveries };
