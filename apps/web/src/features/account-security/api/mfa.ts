import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupCodes, MfaDisableBody, MfaStatus, TotpConfirmBody, TotpEnrolment } from '@rtms/shared/schemas/mfa';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

const MFA_KEY = ['users', 'me', 'mfa'] as const;

/** GET /api/users/me/mfa */
export function useMfaStatus() {
  return useQuery({
    queryKey: MFA_KEY,
    queryFn: ({ signal }) => apiRequest<{ data: MfaStatus }>('GET', '/users/me/mfa', { signal }).then((r) => r.data),
  });
}

/** POST /api/users/me/mfa/totp → a new secret and its otpauth:// URL. */
export function useStartTotp() {
  return useMutation({
    mutationFn: () => apiRequest<{ data: TotpEnrolment }>('POST', '/users/me/mfa/totp').then((r) => r.data),
  });
}

/** POST /api/users/me/mfa/totp/confirm → the ten backup codes, shown once. */
export function useConfirmTotp() {
  return useInvalidatingMutation(
    (body: TotpConfirmBody) =>
      apiRequest<{ data: BackupCodes }>('POST', '/users/me/mfa/totp/confirm', { body }).then((r) => r.data),
    [MFA_KEY],
  );
}

/** POST /api/users/me/mfa/backup-codes with the password → ten new backup codes. */
export function useRegenerateBackupCodes() {
  return useInvalidatingMutation(
    (body: MfaDisableBody) =>
      apiRequest<{ data: BackupCodes }>('POST', '/users/me/mfa/backup-codes', { body }).then((r) => r.data),
    [MFA_KEY],
  );
}

/** DELETE /api/users/me/mfa with the password. */
export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MfaDisableBody) =>
      apiRequest<{ data: MfaStatus }>('DELETE', '/users/me/mfa', { body }).then((r) => r.data),
    onSuccess: (status) => queryClient.setQueryData(MFA_KEY, status),
  });
}

/** POST /api/auth/oidc/link → the provider address to open to link my account. */
export function useLinkSso() {
  return useMutation({
    mutationFn: () => apiRequest<{ data: { url: string } }>('POST', '/auth/oidc/link').then((r) => r.data.url),
  });
}
