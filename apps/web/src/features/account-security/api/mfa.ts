import { useMutation } from '@tanstack/react-query';
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
import { dataResource } from '../../../components/data/list-endpoint';

const MFA_KEY = ['users', 'me', 'mfa'] as const;

const mfa = dataResource(MFA_KEY, '/users/me/mfa', mfaStatusResponseSchema);

/** GET /api/users/me/mfa */
export const useMfaStatus = mfa.useData;

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
export const useDisableMfa = () => mfa.useChange<MfaDisableBody>('DELETE');

/** POST /api/auth/oidc/link → the provider address to open to link my account. */
export function useLinkSso() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/auth/oidc/link', ssoLinkResponseSchema).then((r) => r.data.url),
  });
}
