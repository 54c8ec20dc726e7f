import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorBody, type ErrorCode, type FieldError } from '@rtms/shared/error-codes';
import { isUnreachable } from './db-errors';
import type { ErrorReporter } from './error-reporter';

/** The one error type services throw. Its code decides the HTTP status (see ERROR_STATUS). */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[] | Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
export const conflict = (message: string, details?: FieldError[]) => new AppError('CONFLICT', message, details);
export const invalid = (message: string, details?: FieldError[]) => new AppError('VALIDATION_FAILED', message, details);

/** Seconds a client is asked to wait before it retries a request that met an unreachable database or storage. */
export const RETRY_AFTER_SECONDS = 5;

/** The 503 of a request that needed the database or the file storage while it could not be reached (decision 038). */
export function unavailable(what: 'database' | 'storage'): AppError {
  const message =
    what === 'database'
      ? 'The database or a service the server needs cannot be reached at the moment. Please retry shortly.'
      : 'File storage cannot be reached at the moment. Please retry shortly; nothing was saved.';
  return new AppError('UNAVAILABLE', message, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
}

/**
 * The 400 of input that fails its schema, worded one way wherever it is judged (the route schemas through the
 * global handler, or a service parsing multipart fields or a merged record): the per-field details and a message
 * that names the one invalid field or counts them.
 */
export function validationError(details: FieldError[]): AppError {
  const unique = uniqueFieldErrors(details, (detail) => detail.path);
  return new AppError('VALIDATION_FAILED', validationSummary(unique), unique);
}

/** One zod issue as the route validator or `safeParse` reports it. */
interface ZodIssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  keys?: readonly string[];
}

/**
 * zod issues → per-field details. An unknown key (strict schemas: every query, some bodies) is reported on the
 * object, so it is named here as a field of its own: `{path: "colour", message: "Unknown query parameter"}`.
 */
export function fieldErrorsOf(issues: readonly ZodIssueLike[], unknownKey = 'Unknown field'): FieldError[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, message: unknownKey }));
    }
    return [{ path, message: friendlyMessage(issue.message) }];
  });
}

/** Fastify's own 4xx errors (bad JSON, body too large, wrong content type) mapped to our codes. */
function codeForClientStatus(status: number): ErrorCode {
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  return 'BAD_REQUEST';
}

/**
 * One global handler: validation → 400 with per-field details, AppError → its status, an unreachable database →
 * 503 with Retry-After, Fastify's client errors → their status, anything else → 500 with a generic message (logged with the request id).
 * No stack trace or SQL text ever reaches a response.
 */
export function registerErrorHandler(app: FastifyInstance, reporter: ErrorReporter): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    let error: FastifyError | AppError = thrown;
    let status: number;
    let body: ErrorBody;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        code: issue.keyword,
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? '',
        keys: (issue.params as { keys?: string[] }).keys,
      }));
      const unknownKey = error.validationContext === 'querystring' ? 'Unknown query parameter' : 'Unknown field';
      error = validationError(fieldErrorsOf(issues, unknownKey));
    } else if (!(error instanceof AppError) && isUnreachable(error)) {
      // The database (or another peer, such as S3 for a download) went away under this request (a restart, a
      // failover, a cut connection): not a bug to report; the client may retry.
      request.log.warn({ err: error }, 'database or service unreachable');
      error = unavailable('database');
    }
    if (error instanceof AppError) {
      status = error.status;
      body = { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
      if (error.headers) void reply.headers(error.headers);
    } else if (
      !isResponseSerializationError(error) &&
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      status = error.statusCode;
      body = { code: codeForClientStatus(status), message: clientMessage(error) };
    } else if (isUnstorableText(error)) {
      status = 400;
      body = { code: 'BAD_REQUEST', message: 'The request contains a character that is not allowed (such as NUL).' };
    } else {
      status = 500;
      body = { code: 'INTERNAL', message: 'Sorry, something went wrong on the server. The error has been reported.' };
      request.log.error({ err: error }, 'unhandled error');
      reporter.report(error, { requestId: request.id, url: request.url });
    }
    void reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    void reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}

/**
 * PostgreSQL refuses a NUL character in text (SQLSTATE 22021, also 22P05 for an untranslatable one);
 * SQLite stores it. Such a value can only come from the request, so it is the client's error, not a 500.
 */
function isUnstorableText(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '22021' || code === '22P05';
}

/**
 * Each field's message once, in first-seen order: zod can report one field twice with the same message (an
 * array where a string belongs fails type and length), and an import row can fail one column twice.
 */
export function uniqueFieldErrors<E extends { message: string }>(errors: E[], fieldOf: (error: E) => string): E[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${fieldOf(error)}\u0000${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * For Fastify's `frameworkErrors` option. Errors raised while routing, before any hook or the error
 * handler runs (a malformed percent-encoding in the path, a path parameter over `maxParamLength`),
 * would otherwise be answered with Fastify's own body (`{error, code: "FST_ERR_BAD_URL", …}`).
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No hook runs for these answers, so the API's cache rule (security.ts) is repeated here.
  void reply.header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply
      .status(400)
      .send({ code: 'BAD_REQUEST', message: 'The request address is not valid' } satisfies ErrorBody);
    return;
  }
  request.log.error({ err: error }, 'routing error');
  void reply
    .status(500)
    .send({ code: 'INTERNAL', message: 'Sorry, something went wrong on the server.' } satisfies ErrorBody);
}

/** zod's message for a missing field ("Invalid input: expected string, received undefined") in plain words. */
function friendlyMessage(message: string | undefined): string {
  if (!message) return 'Invalid value';
  return /^Invalid input: expected .+, received undefined$/.test(message) ? 'This field is required' : message;
}

function validationSummary(details: FieldError[]): string {
  const first = details[0];
  if (!first) return 'The request is not valid';
  const fields = new Set(details.map((detail) => detail.path)).size;
  return fields === 1
    ? `${first.path ? `${first.path}: ` : ''}${details.map((detail) => detail.message).join('; ')}`
    : `The request has ${fields} invalid fields`;
}

/** A plain message for Fastify's own client errors, without internal error codes. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not supported';
    default:
      return error.message.replace(/^FST_[A-Z_]+:\s*/, '') || 'Bad request';
  }
}
