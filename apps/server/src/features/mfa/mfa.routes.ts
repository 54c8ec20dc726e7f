import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backupCodesResponseSchema,
  mfaDisableBodySchema,
  mfaStatusResponseSchema,
  securitySettingsResponseSchema,
  securitySettingsSchema,
  totpConfirmBodySchema,
  totpEnrolmentResponseSchema,
} from '@rtms/shared/schemas/mfa';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { MfaService } from './mfa.service';
import { errorResponses, routeOptions } from '../../platform/route-schema';

const errors = errorResponses(400, 401, 403, 409, 429);

/** The caller's second factor (`/api/users/me/mfa`) and the security settings. */
export function mfaRoutes(mfa: MfaService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'account security', errors);
  // A user whose role requires a second factor may call these before anything else (that is how they enrol).
  const mine = routeOptions(guards, 'account security', errors, { allowWhileMfaEnrolmentRequired: true });
  return async (app) => {
    app.get(
      '/users/me/mfa',
      mine('signed-in', 'My second factor: whether it is on, backup codes left, whether my role requires it', {
        response: { 200: mfaStatusResponseSchema },
      }),
      async (request) => ({ data: await mfa.status(principalOf(request)) }),
    );

    app.post(
      '/users/me/mfa/totp',
      mine(
        'signed-in',
        'Start setting up an authenticator app: a new secret and its otpauth:// URL (for the QR code)',
        { response: { 200: totpEnrolmentResponseSchema } },
      ),
      async (request) => ({ data: await mfa.startTotpEnrolment(principalOf(request)) }),
    );

    app.post(
      '/users/me/mfa/totp/confirm',
      mine('signed-in', 'Confirm the authenticator app with a first code; answers the ten backup codes (shown once)', {
        body: totpConfirmBodySchema,
        response: { 200: backupCodesResponseSchema },
      }),
      async (request) => ({
        data: await mfa.confirmTotp(principalOf(request), request.body.code, { ip: request.ip }),
      }),
    );

    app.post(
      '/users/me/mfa/backup-codes',
      mine(
        'signed-in',
        'Replace my backup codes with ten new ones (my password confirms it); the old ones stop working',
        { body: mfaDisableBodySchema, response: { 200: backupCodesResponseSchema } },
      ),
      async (request) => ({
        data: await mfa.regenerateBackupCodes(principalOf(request), request.body.password, { ip: request.ip }),
      }),
    );

    app.delete(
      '/users/me/mfa',
      mine('signed-in', 'Turn my second factor off (my password confirms it)', {
        body: mfaDisableBodySchema,
        response: { 200: mfaStatusResponseSchema },
      }),
      async (request) => ({
        data: await mfa.disable(principalOf(request), request.body.password, { ip: request.ip }),
      }),
    );

    app.get(
      '/security-settings',
      route('security:manage', 'Security settings: the roles that must use a second factor', {
        response: { 200: securitySettingsResponseSchema },
      }),
      async () => ({ data: await mfa.getSettings() }),
    );

    app.put(
      '/security-settings',
      route(
        'security:manage',
        'Replace the security settings; users of a role that now requires a second factor enrol at next sign-in',
        { body: securitySettingsSchema, response: { 200: securitySettingsResponseSchema } },
      ),
      async (request) => ({ data: await mfa.updateSettings(principalOf(request), request.body) }),
    );
  };
}
