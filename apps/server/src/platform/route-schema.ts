import type { FastifySchema } from 'fastify';
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

/**
 * The options of a feature's authenticated routes, declared once per routes file: `route(access, summary,
 * schema)` adds the access check, the feature's OpenAPI tag, the bearer security and the error answers
 * (`errors`, by default `apiErrors`) to what the route states itself (params, querystring, body, success answer).
 */
export function routeOptions<E extends Record<number, typeof errorBodySchema> = typeof apiErrors>(
  guards: AuthGuards,
  tag: string,
  errors: E = apiErrors as unknown as E,
) {
  return <const S extends FastifySchema & { response: Record<number, z.ZodType> }>(
    access: RouteAccess,
    summary: string,
    schema: S,
  ) => ({
    preHandler: access === 'signed-in' ? [guards.authenticate] : guards.requirePermission(access),
    schema: { tags: [tag], summary, security: bearerSecurity, ...schema, response: { ...schema.response, ...errors } },
  });
}

/** The `route` function of a routes file (see routeOptions). */
export type RouteOptions = ReturnType<typeof routeOptions>;
