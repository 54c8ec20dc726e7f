import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BulkUserFacilitiesBody,
  type BulkUserFacilitiesResponse,
  bulkUserFacilitiesResponseSchema,
} from '@rtms/shared/schemas/user-facilities';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAssignments } from './invalidate';

/** POST /api/user-facilities/bulk: assign (or unassign) every listed user to (from) every listed facility. */
export function bulkUserFacilities(body: BulkUserFacilitiesBody): Promise<BulkUserFacilitiesResponse> {
  return apiRequest('POST', '/user-facilities/bulk', bulkUserFacilitiesResponseSchema, { body });
}

export function useBulkUserFacilities() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkUserFacilities, onSuccess: () => invalidateAssignments(queryClient) });
}
