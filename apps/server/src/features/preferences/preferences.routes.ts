import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesResponseSchema, preferencesSchema } from '@rtms/shared/schemas/preferences';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { PreferencesService } from './preferences.service';
import { errorResponses, routeOptions } from '../../platform/route-schema';

/** The caller's interface settings, persisted per user. */
export function preferencesRoutes(preferences: PreferencesService, guards: AuthGuards): FastifyPluginAsyncZod {
  // Open to a user who must first change their password or enrol: the settings shape the screens that ask it.
  const config = { allowWhilePasswordChangeRequired: true, allowWhileMfaEnrolmentRequired: true };
  const read = routeOptions(guards, 'preferences', errorResponses(401), config);
  const write = routeOptions(guards, 'preferences', errorResponses(400, 401), config);
  return async (app) => {
    app.get(
      '/users/me/preferences',
      read('signed-in', 'Read my interface settings', { response: { 200: preferencesResponseSchema } }),
      async (request) => ({ data: await preferences.get(principalOf(request).id) }),
    );
    app.put(
      '/users/me/preferences',
      write('signed-in', 'Replace my interface settings', {
        body: preferencesSchema,
        response: { 200: preferencesResponseSchema },
      }),
      async (request) => ({ data: await preferences.replace(principalOf(request).id, request.body) }),
    );
  };
}
