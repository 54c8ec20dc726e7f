import { useQuery } from '@tanstack/react-query';
import {
  extensionRequestListQuerySchema,
  extensionRequestPageSchema,
  extensionRequestResponseSchema,
  signatureListResponseSchema,
  signatureResponseSchema,
  signingSignInResponseSchema,
  type CreateExtensionRequestBody,
  type DecideExtensionRequestBody,
  type ReviewBody,
} from '@rtms/shared/schemas/reviews';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { listEndpoint } from '../../../components/data/list-endpoint';

/** Everything a review or an extension changes: the tasks (lists, details, figures), the requests, the bell. */
const CHANGED = [['tasks'], ['extension-requests'], ['notifications']] as const;

/** GET /api/tasks/:id/signatures (under the task's key: refreshed with it). */
export function useTaskSignatures(taskId: string) {
  return useQuery({
    queryKey: ['tasks', taskId, 'signatures'],
    queryFn: ({ signal }) =>
      apiRequest('GET', `/tasks/${encodeURIComponent(taskId)}/signatures`, signatureListResponseSchema, {
        signal,
      }).then((answer) => answer.data),
  });
}

/** POST /api/tasks/:id/review: approve (a signature, re-authenticated) or reject with a reason. */
export function useReviewTask(taskId: string) {
  return useInvalidatingMutation(
    (body: ReviewBody) =>
      apiRequest('POST', `/tasks/${encodeURIComponent(taskId)}/review`, signatureResponseSchema, { body }).then(
        (answer) => answer.data,
      ),
    CHANGED,
  );
}

/** POST /api/auth/oidc/sign: the provider address of a fresh sign-in that comes back to `returnTo` with a grant. */
export function startSigningSignIn(returnTo: string): Promise<string> {
  return apiRequest('POST', '/auth/oidc/sign', signingSignInResponseSchema, { body: { returnTo } }).then(
    (answer) => answer.data.url,
  );
}

/** GET /api/extension-requests (deciders, their facilities). */
export const extensionRequestsEndpoint = listEndpoint(
  '/extension-requests',
  extensionRequestListQuerySchema,
  extensionRequestPageSchema,
);

/** POST /api/tasks/:id/extension-requests */
export function useRequestExtension(taskId: string) {
  return useInvalidatingMutation(
    (body: CreateExtensionRequestBody) =>
      apiRequest('POST', `/tasks/${encodeURIComponent(taskId)}/extension-requests`, extensionRequestResponseSchema, {
        body,
      }).then((answer) => answer.data),
    CHANGED,
  );
}

/** POST /api/extension-requests/:id/decide */
export function useDecideExtension() {
  return useInvalidatingMutation(
    ({ id, body }: { id: string; body: DecideExtensionRequestBody }) =>
      apiRequest('POST', `/extension-requests/${encodeURIComponent(id)}/decide`, extensionRequestResponseSchema, {
        body,
      }).then((answer) => answer.data),
    CHANGED,
  );
}
