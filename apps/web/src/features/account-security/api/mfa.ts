import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ssoLinkResponseSchema } from '@rtms/shared/schemas/auth';
import {
  backupCodesResponseSchema,
  mfaStatusResponseSchema,
  totpEnrolmentResponseSchema,
  type MfaDisableBody,
  type TotpConfirmBody,
} from '@rtms/shared/schemas/mfa';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

const MFA_KEY = ['users', 'me', 'mfa'] as const;

/** GET /api/users/me/mfa */
export function useMfaStatus() {
  return useQuery({
    queryKey: MFA_KEY,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/users/me/mfa', mfaStatusResponseSchema, { signal }).then((r) => r.data),
  });
}

/** POST /api/users/me/mfa/totp → a new secret and its otpauth:// URL. */
export function useStartTotp() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/users/me/mfa/totp', totpEnrolmentResponseSchema).then((r) => r.data),
  });
}

/** POST /api/users/me/mfa/totp/confirm → the ten backup codes, shown once. */
export function useConfirmTotp() {
  return useInvalidatingMutation(
    (body: TotpConfirmBody) =>
      apiRequest('POST', '/users/me/mfa/totp/confirm', backupCodesResponseSchema, { body }).then((r) => r.data),
    [MFA_KEY],
  );
}

/** POST /api/users/me/mfa/backup-codes with the password → ten new backup codes. */
export function useRegenerateBackupCodes() {
  return useInvalidatingMutation(
    (body: MfaDisableBody) =>
      apiRequest('POST', '/users/me/mfa/backup-codes', backupCodesResponseSchema, { body }).then((r) => r.data),
    [MFA_KEY],
  );
}

/** DELETE /api/users/me/mfa with the password. */
export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MfaDisableBody) =>
      apiRequest('DELETE', '/users/me/mfa', mfaStatusResponseSchema, { body }).then((r) => r.data),
    onSuccess: (status) => queryClient.setQueryData(MFA_KEY, status),
  });
}

/** POST /api/auth/oidc/link → the provider address to open to link my account. */
export function useLinkSso() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/auth/oidc/link', ssoLinkResponseSchema).then((r) => r.data.url),
  });
}
