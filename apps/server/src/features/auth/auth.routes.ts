import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  sessionResponseSchema,
} from '@rtms/shared/schemas/auth';
import { loginMfaBodySchema } from '@rtms/shared/schemas/mfa';
import { errorBodySchema } from '@rtms/shared/schemas/common';
import type { AuthGuards } from '../../platform/auth';
import { principalOf } from '../../platform/auth';
import type { AuthService } from './auth.service';
import { errorResponses, bearerSecurity } from '../../platform/route-schema';

const errors = errorResponses(400, 401, 429);

/** Sign-in, current user, sign-out and change password: the seed's calls, with their shapes. */
export function authRoutes(auth: AuthService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/users/login',
      {
        config: { public: true },
        schema: {
          tags: ['session'],
          summary: 'Sign in',
          body: loginBodySchema,
          response: { 200: loginResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { email, password } = request.body;
        const data = await auth.login(email, password, { ip: request.ip, userAgent: request.headers['user-agent'] });
        return { data };
      },
    );

    app.post(
      '/users/login/mfa',
      {
        // The second sign-in step: the mfaToken of the first step is its credential.
        config: { public: true },
        schema: {
          tags: ['session'],
          summary: 'Sign in, second step: a TOTP or backup code for the mfaToken of POST /users/login',
          body: loginMfaBodySchema,
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
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
      {
        schema: {
          tags: ['session'],
          summary: 'The signed-in user',
          security: bearerSecurity,
          response: { 200: meResponseSchema, 401: errorBodySchema },
        },
        config: { allowWhilePasswordChangeRequired: true, allowWhileMfaEnrolmentRequired: true },
        preHandler: guards.authenticate,
      },
      async (request) => ({ data: await auth.me(principalOf(request)) }),
    );

    app.post(
      '/users/logout',
      {
        schema: {
          tags: ['session'],
          summary: 'Sign out (revokes the token)',
          security: bearerSecurity,
          response: { 200: z.object({ data: z.object({ signedOut: z.boolean() }) }), 401: errorBodySchema },
        },
        config: { allowWhilePasswordChangeRequired: true, allowWhileMfaEnrolmentRequired: true },
        preHandler: guards.authenticate,
      },
      async (request) => {
        await auth.logout(principalOf(request));
        return { data: { signedOut: true } };
      },
    );

    app.post(
      '/users/change-password',
      {
        schema: {
          tags: ['session'],
          summary: 'Change the signed-in user’s password; signs out every other session',
          security: bearerSecurity,
          body: changePasswordBodySchema,
          response: { 200: changePasswordResponseSchema, ...errors },
        },
        config: { allowWhilePasswordChangeRequired: true, allowWhileMfaEnrolmentRequired: true },
        preHandler: guards.authenticate,
      },
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
