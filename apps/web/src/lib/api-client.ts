import type { ErrorCode, FieldError } from '@rtms/shared/error-codes';
import { readStoredToken } from './auth/session-storage';
import { reportError } from './error-reporting';

/**
 * The codes of failures found by the client itself, never sent by the server: no answer at all (`NETWORK`), or
 * an answer of another shape than the endpoint's response schema says (`UNEXPECTED_RESPONSE`).
 */
export type ClientErrorCode = 'NETWORK' | 'UNEXPECTED_RESPONSE';

/** A failed call of the API, typed by its `code`. Screens branch on `code`, never on message text. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly details?: FieldError[] | Record<string, unknown>,
  ) {
    super(message);
  }

  /** Per-field messages, keyed by dotted path, for forms. */
  get fieldErrors(): FieldError[] {
    return Array.isArray(this.details) ? this.details : [];
  }
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => undefined;

/** The session layer registers what happens when any call answers 401: clear the user and storage. */
export function setUnauthorizedListener(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

/** Ends the session after a 401 answered to a request made outside `apiRequest` (file uploads and downloads). */
export function reportUnauthorized(): void {
  onUnauthorized();
}

/**
 * What a call expects of a successful answer's body: the endpoint's response schema of the shared contract
 * (`@rtms/shared/schemas/*`). Any zod schema is one; the client returns its `safeParse` output (`z.output`).
 */
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The answer of a call that answers 204 No Content: nothing to parse, and the call resolves to undefined. */
export const noContent = { noContent: true } as const;

/**
 * A response schema, or a function loading one (a dynamic import: the calls of the first page name their schema
 * without bringing the schema library into it; the import starts with the request), or `noContent`.
 */
const isNoContent = (answer: unknown): answer is typeof noContent => answer === noContent;

export type Answer<T> = AnswerSchema<T> | (() => Promise<AnswerSchema<T>>) | typeof noContent;

const UNEXPECTED_MESSAGE = 'The server sent an answer this page does not understand. Reload the page and try again.';

/**
 * The body of a successful answer as `answer` says, or an `ApiError` `UNEXPECTED_RESPONSE` (reported, with the
 * first differences) when it is of another shape. `text` is the body as received; `status` its HTTP status.
 */
export async function parseAnswer<T>(answer: Answer<T>, status: number, text: string, where: string): Promise<T> {
  if (isNoContent(answer)) {
    if (status === 204 && !text) return undefined as T;
    throw unexpected(status, where, [`status ${status} with ${text ? 'a body' : 'no body'}, 204 expected`]);
  }
  const schema: AnswerSchema<T> = typeof answer === 'function' ? await answer() : answer;
  const result = schema.safeParse(text ? safeJson(text) : undefined);
  if (result.success) return result.data;
  throw unexpected(
    status,
    where,
    result.error.issues.slice(0, 5).map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`),
  );
}

function unexpected(status: number, where: string, problems: string[]): ApiError {
  const error = new ApiError(status, 'UNEXPECTED_RESPONSE', UNEXPECTED_MESSAGE, { problems });
  reportError(error, { request: where, status, problems: problems.join('; ') });
  return error;
}

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Token to use instead of the stored one (the session restore at start passes it explicitly). */
  token?: string | null;
  /** Whether a 401 should end the session (false for the sign-in call itself). */
  endsSessionOn401?: boolean;
  /** Lets the request outlive the page (a last save while the tab closes or reloads). */
  keepalive?: boolean;
}

/**
 * The one HTTP client of the web app: JSON in and out, bearer token from the session, typed errors. `answer` is
 * the endpoint's response schema (see `Answer`); the call resolves to the parsed body.
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  answer: Answer<T>,
  options: RequestOptions = {},
): Promise<T> {
  // A schema to load starts loading with the request, not after its answer.
  const schema = typeof answer === 'function' ? answer() : undefined;
  schema?.catch(() => undefined);
  const token = options.token === undefined ? readStoredToken() : options.token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'The server cannot be reached. Check your connection and try again.');
  }
  const text = await response.text();
  if (!response.ok) {
    const payload: unknown = text ? safeJson(text) : undefined;
    const body = (payload ?? {}) as { message?: string; code?: ErrorCode; details?: FieldError[] };
    const error = new ApiError(
      response.status,
      body.code ?? 'INTERNAL',
      body.message ?? `The server answered ${response.status}`,
      body.details,
    );
    if (response.status === 401 && options.endsSessionOn401 !== false) onUnauthorized();
    throw error;
  }
  let loaded: AnswerSchema<T> | typeof noContent;
  try {
    loaded = schema ? await schema : (answer as AnswerSchema<T> | typeof noContent);
  } catch {
    // The schema's script did not arrive: as if the answer had not.
    throw new ApiError(0, 'NETWORK', 'The server cannot be reached. Check your connection and try again.');
  }
  return parseAnswer(loaded, response.status, text, `${method} ${path.split('?')[0]}`);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
