import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accessTokenListResponseSchema,
  createdAccessTokenResponseSchema,
  type CreateAccessTokenBody,
} from '@rtms/shared/schemas/access-tokens';
import { apiRequest, noContent } from '../../../lib/api-client';

const TOKENS_KEY = ['access-tokens'] as const;

/** GET /api/access-tokens: my personal access tokens, with when each was last used. */
export function useAccessTokens() {
  return useQuery({
    queryKey: TOKENS_KEY,
    queryFn: ({ signal }) => apiRequest('GET', '/access-tokens', accessTokenListResponseSchema, { signal }),
  });
}

/** POST /api/access-tokens → the token with its secret (the only time it is shown). */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccessTokenBody) =>
      apiRequest('POST', '/access-tokens', createdAccessTokenResponseSchema, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}

/** DELETE /api/access-tokens/:id */
export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/access-tokens/${encodeURIComponent(id)}`, noContent),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}
