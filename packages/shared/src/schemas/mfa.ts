import { z } from 'zod';
import { ROLES } from '../enums';
import { instantSchema } from './common';

/** A TOTP code as typed: six digits (spaces allowed and ignored, as authenticator apps show "123 456"). */
export const totpCodeSchema = z
  .string({ message: 'Enter the 6-digit code from your authenticator app' })
  .max(20, 'Enter the 6-digit code from your authenticator app')
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/**
 * The second-factor step accepts a TOTP code or a backup code ("xxxxx-xxxxx"; case, spaces and the dash
 * are forgiven when compared).
 */
export const mfaCodeSchema = z
  .string({ message: 'Enter the code from your authenticator app or a backup code' })
  .trim()
  .min(1, 'Enter the code from your authenticator app or a backup code')
  .max(40, 'Enter the code from your authenticator app or a backup code');

/** POST /api/users/login/mfa */
export const loginMfaBodySchema = z
  .object({
    mfaToken: z.string({ message: 'This field is required' }).min(1, 'This field is required').max(128),
    code: mfaCodeSchema,
  })
  .strict();
export type LoginMfaBody = z.input<typeof loginMfaBodySchema>;

/** POST /api/users/me/mfa/totp → the new secret (base32) and its otpauth:// URL for the QR code. */
export const totpEnrolmentResponseSchema = z.object({
  data: z.object({ secret: z.string(), otpauthUrl: z.string() }),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentResponseSchema>['data'];

/** POST /api/users/me/mfa/totp/confirm */
export const totpConfirmBodySchema = z.object({ code: totpCodeSchema }).strict();
export type TotpConfirmBody = z.input<typeof totpConfirmBodySchema>;

/** The ten single-use backup codes, shown once. */
export const backupCodesResponseSchema = z.object({ data: z.object({ backupCodes: z.array(z.string()) }) });
export type BackupCodes = z.infer<typeof backupCodesResponseSchema>['data'];

/** DELETE /api/users/me/mfa and POST /api/users/me/mfa/backup-codes: the password confirms the account holder. */
export const mfaDisableBodySchema = z
  .object({
    password: z.string({ message: 'Please enter your Password!' }).min(1, 'Please enter your Password!').max(1024),
  })
  .strict();
export type MfaDisableBody = z.infer<typeof mfaDisableBodySchema>;

/** GET /api/users/me/mfa: the caller's second factor. */
export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  confirmedAt: instantSchema.nullable(),
  backupCodesRemaining: z.number().int(),
  /** The caller's role must use a second factor (security settings). */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
export const mfaStatusResponseSchema = z.object({ data: mfaStatusSchema });

/** /api/security-settings: which roles must use a second factor. */
export const securitySettingsSchema = z
  .object({
    mfaRequiredRoles: z
      .array(z.enum(ROLES, { message: 'Unknown role' }))
      .max(ROLES.length)
      .refine((roles) => new Set(roles).size === roles.length, 'Each role may appear once'),
  })
  .strict();
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export const securitySettingsResponseSchema = z.object({ data: securitySettingsSchema });
