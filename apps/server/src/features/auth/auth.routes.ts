import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  sessionResponseSchema,
  signOutResponseSchema,
} from '@rtms/shared/schemas/auth';
import { loginMfaBodySchema } from '@rtms/shared/schemas/mfa';
import type { AuthGuards } from '../../platform/auth';
import { principalOf } from '../../platform/auth';
import type { AuthService } from './auth.service';
import { errorResponses, publicRouteOptions, routeOptions } from '../../platform/route-schema';

const errors = errorResponses(400, 401, 429);
/** The session's own calls stay open to a user who must first change their password or enrol a second factor. */
const sessionCalls = { allowWhilePasswordChangeRequired: true, allowWhileMfaEnrolmentRequired: true };

/** Sign-in, current user, sign-out and change password: the original application’s calls, with their shapes. */
export function authRoutes(auth: AuthService, guards: AuthGuards): FastifyPluginAsyncZod {
  const publicRoute = publicRouteOptions('session', errors);
  const sessionRoute = routeOptions(guards, 'session', errors, sessionCalls);
  const signedInRoute = routeOptions(guards, 'session', errorResponses(401), sessionCalls);
  return async (app) => {
    app.post(
      '/users/login',
      publicRoute('Sign in', { body: loginBodySchema, response: { 200: loginResponseSchema } }),
      async (request) => {
        const { email, password } = request.body;
        const data = await auth.login(email, password, { ip: request.ip, userAgent: request.headers['user-agent'] });
        return { data };
      },
    );

    app.post(
      '/users/login/mfa',
      // The second sign-in step: the mfaToken of the first step is its credential.
      publicRoute('Sign in, second step: a TOTP or backup code for the mfaToken of POST /users/login', {
        body: loginMfaBodySchema,
        // 409: the second factor was sealed under another key (a restore without it); an admin resets it.
        response: { 200: sessionResponseSchema, ...errorResponses(409) },
      }),
      async (request) => {
        const data = await auth.loginWithCode(request.body.mfaToken, request.body.code, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return { data };
      },
    );

    app.post(
      '/users/auth/me',
      signedInRoute('signed-in', 'The signed-in user', { response: { 200: meResponseSchema } }),
      async (request) => ({ data: await auth.me(principalOf(request)) }),
    );

    app.post(
      '/users/logout',
      signedInRoute('signed-in', 'Sign out (revokes the token)', {
        response: { 200: signOutResponseSchema },
      }),
      async (request) => {
        await auth.logout(principalOf(request));
        return { data: { signedOut: true } };
      },
    );

    app.post(
      '/users/change-password',
      sessionRoute('signed-in', 'Change the signed-in user’s password; signs out every other session', {
        body: changePasswordBodySchema,
        response: { 200: changePasswordResponseSchema },
      }),
      async (request) => {
        const token = await auth.changePassword(
          principalOf(request),
          request.body.currentPassword,
          request.body.newPassword,
          {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          },
        );
        return { data: { token } };
      },
    );
  };
}
