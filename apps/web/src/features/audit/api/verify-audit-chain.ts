import { useMutation } from '@tanstack/react-query';
import { type AuditVerifyResult, auditVerifyResponseSchema } from '@rtms/shared/schemas/audit';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/audit/verify: walks the whole hash chain (a deliberate action, so a mutation rather than a cached query). */
export function verifyAuditChain(): Promise<{ data: AuditVerifyResult }> {
  return apiRequest('GET', '/audit/verify', auditVerifyResponseSchema);
}

export function useVerifyAuditChain() {
  return useMutation({ mutationFn: verifyAuditChain });
}
