import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { Permission } from '@rtms/shared/permissions';
import { errorBodySchema, idSchema } from '@rtms/shared/schemas/common';
import type { AuthGuards } from './auth';

/**
 * The pieces every route schema repeats, declared once: the error answers it documents (each in the one
 * error shape `{message, code, details?}`), the bearer security of an authenticated route and the `:id` path
 * parameter. They only describe the route in the OpenAPI document and validate `:id`; the error handler
 * (errors.ts) shapes the answers whatever is listed.
 */

/** `errorResponses(400, 401, 404)` → `{400: errorBody, 401: errorBody, 404: errorBody}` for `response`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

/** The errors of an authenticated API route that reads and changes records: 400, 401, 403, 404, 409. */
export const apiErrors = errorResponses(400, 401, 403, 404, 409);

/** An authenticated route's OpenAPI security: the session's bearer token. */
export const bearerSecurity = [{ bearer: [] }];

/** The `:id` path parameter of a record's routes. */
export const idParams = z.object({ id: idSchema });

/** Who may call a route: the holders of a permission, or every signed-in user (the service decides the rest). */
export type RouteAccess = Permission | 'signed-in';

/** The success and error answers of a route's schema: what it states, then the error answers it documents. */
type Responses = Record<number, z.ZodType>;

/**
 * The options of a feature's authenticated routes, declared once per routes file: `route(access, summary,
 * schema)` adds the access check, the feature's OpenAPI tag, the bearer security and the error answers
 * (`errors`, by default `apiErrors`) to what the route states itself (params, querystring, body, success answer).
 * `config` is the routes' Fastify config (e.g. the calls allowed before a required password change or enrolment).
 */
export function routeOptions<E extends Record<number, typeof errorBodySchema> = typeof apiErrors>(
  guards: AuthGuards,
  tag: string,
  errors: E = apiErrors as unknown as E,
  config?: FastifyContextConfig,
) {
  return <const S extends FastifySchema & { response: Responses }>(
    access: RouteAccess,
    summary: string,
    schema: S,
  ) => ({
    preHandler: access === 'signed-in' ? [guards.authenticate] : guards.requirePermission(access),
    ...(config && { config }),
    schema: { tags: [tag], summary, security: bearerSecurity, ...schema, response: { ...schema.response, ...errors } },
  });
}

/** The error answers a routes file documents on every route (see errorResponses). */
export type ErrorAnswers = Record<number, typeof errorBodySchema>;

/** The `route` function of a routes file (see routeOptions), for the file's error answers `E`. */
export type RouteOptions<E extends ErrorAnswers = typeof apiErrors> = ReturnType<typeof routeOptions<E>>;

/**
 * The options of public routes (`config.public`: no session is asked for, see platform/auth.ts), the same way:
 * `publicRoute(summary, schema)` adds the OpenAPI tag and the error answers, and no bearer security. A route
 * that states no answers (an HTML page) gets none added.
 */
export function publicRouteOptions(tag: string, errors: Record<number, typeof errorBodySchema> = {}) {
  return <const S extends FastifySchema>(summary: string, schema: S) => ({
    config: { public: true },
    // Typed as the route states it: the error answers only document what the error handler sends.
    schema: {
      tags: [tag],
      summary,
      ...schema,
      ...(schema.response !== undefined && { response: { ...(schema.response as Responses), ...errors } }),
    } as S & { tags: string[]; summary: string },
  });
}
