import { useQuery } from '@tanstack/react-query';
import { type SsoLinkRequest, ssoLinkRequestListResponseSchema } from '@rtms/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

/** The cached list of pending link requests; a decision refreshes it. */
export const LINK_REQUESTS_KEY = ['sso-link-requests'] as const;

/**
 * GET /api/auth/oidc/link-requests: the single sign-on links waiting for an ALL_FACILITY_ADMIN, oldest first
 * (decision 036). 404 when single sign-on is not configured.
 */
export function listLinkRequests(signal?: AbortSignal): Promise<SsoLinkRequest[]> {
  return apiRequest('GET', '/auth/oidc/link-requests', ssoLinkRequestListResponseSchema, { signal }).then(
    (answer) => answer.data,
  );
}

/** The pending link requests; `enabled: false` asks nothing (a role that may not decide, or no single sign-on). */
export function useLinkRequests(enabled = true) {
  return useQuery({ queryKey: LINK_REQUESTS_KEY, queryFn: ({ signal }) => listLinkRequests(signal), enabled });
}
