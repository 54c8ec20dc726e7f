import { z } from 'zod';
import { errorBodySchema, idSchema } from '@rtms/shared/schemas/common';

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
