/**
 * The closed set of error codes the API answers with, and the HTTP status of each.
 * The web client branches on `code`, never on message text.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  MFA_ENROLMENT_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  TIMEOUT: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Shape of every error body: `{message, code, details?}`. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  details?: FieldError[] | Record<string, unknown>;
}

/** One invalid field of a request: `path` is dotted (e.g. `locale.locale`). */
export interface FieldError {
  path: string;
  message: string;
}
