import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, dataOf } from '@rtms/shared/schemas/common';
import { preferencesSchema } from '@rtms/shared/schemas/preferences';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { PreferencesService } from './preferences.service';
import { bearerSecurity } from '../../platform/route-schema';

/** The caller's interface settings, persisted per user. */
export function preferencesRoutes(preferences: PreferencesService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    const common = {
      config: { allowWhilePasswordChangeRequired: true, allowWhileMfaEnrolmentRequired: true },
      preHandler: guards.authenticate,
    };
    app.get(
      '/users/me/preferences',
      {
        ...common,
        schema: {
          tags: ['preferences'],
          summary: 'Read my interface settings',
          security: bearerSecurity,
          response: { 200: dataOf(preferencesSchema), 401: errorBodySchema },
        },
      },
      async (request) => ({ data: await preferences.get(principalOf(request).id) }),
    );
    app.put(
      '/users/me/preferences',
      {
        ...common,
        schema: {
          tags: ['preferences'],
          summary: 'Replace my interface settings',
          security: bearerSecurity,
          body: preferencesSchema,
          response: { 200: dataOf(preferencesSchema), 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ data: await preferences.replace(principalOf(request).id, request.body) }),
    );
  };
}
