import { type SsoLinkDecisionBody, type SsoLinkRequest, ssoLinkRequestResponseSchema } from '@rtms/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { LINK_REQUESTS_KEY } from './list-link-requests';

/**
 * POST /api/auth/oidc/link-requests/:id/decide: APPROVE links the provider account to the user, REJECT links
 * nothing; 409 when already decided (or the provider account got linked meanwhile), 404 unknown.
 */
export function decideLinkRequest({
  id,
  decision,
}: {
  id: string;
  decision: SsoLinkDecisionBody['decision'];
}): Promise<SsoLinkRequest> {
  const body: SsoLinkDecisionBody = { decision };
  return apiRequest('POST', `/auth/oidc/link-requests/${encodeURIComponent(id)}/decide`, ssoLinkRequestResponseSchema, {
    body,
  }).then((answer) => answer.data);
}

export function useDecideLinkRequest() {
  return useInvalidatingMutation(decideLinkRequest, [LINK_REQUESTS_KEY]);
}
