import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  correctiveActionResponseSchema,
  findingResponseSchema,
  type CreateCorrectiveActionBody,
  type CreateFindingBody,
  type UpdateCorrectiveActionBody,
  type UpdateFindingBody,
  type VerifyFindingBody,
} from '@rtms/shared/schemas/findings';
import { apiRequest } from '../../../lib/api-client';

/** After a finding or an action changes: every finding and action list and detail, and the figures that count them. */
function invalidate(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [['findings'], ['corrective-actions'], ['tasks']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

const path = (id: string, rest = '') => `/findings/${encodeURIComponent(id)}${rest}`;

function useFindingMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidate(queryClient) });
}

/** POST /api/findings: record a finding by hand. */
export const useCreateFinding = () =>
  useFindingMutation((body: CreateFindingBody) => apiRequest('POST', '/findings', findingResponseSchema, { body }));

/** PATCH /api/findings/:id: root cause, severity, owner, report. */
export const useUpdateFinding = () =>
  useFindingMutation(({ id, body }: { id: string; body: UpdateFindingBody }) =>
    apiRequest('PATCH', path(id), findingResponseSchema, { body }),
  );

/** POST /api/findings/:id/verify */
export const useVerifyFinding = () =>
  useFindingMutation(({ id, body }: { id: string; body: VerifyFindingBody }) =>
    apiRequest('POST', path(id, '/verify'), findingResponseSchema, { body }),
  );

/** POST /api/findings/:id/close */
export const useCloseFinding = () =>
  useFindingMutation((id: string) => apiRequest('POST', path(id, '/close'), findingResponseSchema));

/** POST /api/findings/:id/cancel */
export const useCancelFinding = () =>
  useFindingMutation(({ id, body }: { id: string; body: { reason: string } }) =>
    apiRequest('POST', path(id, '/cancel'), findingResponseSchema, { body }),
  );

/** POST /api/findings/:id/actions */
export const useAddCorrectiveAction = () =>
  useFindingMutation(({ id, body }: { id: string; body: CreateCorrectiveActionBody }) =>
    apiRequest('POST', path(id, '/actions'), correctiveActionResponseSchema, { body }),
  );

/** PATCH /api/corrective-actions/:id: complete, a later date, or a manager's edit. */
export const useUpdateCorrectiveAction = () =>
  useFindingMutation(({ id, body }: { id: string; body: UpdateCorrectiveActionBody }) =>
    apiRequest('PATCH', `/corrective-actions/${encodeURIComponent(id)}`, correctiveActionResponseSchema, { body }),
  );
