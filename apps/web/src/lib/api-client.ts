import type { ErrorCode, FieldError } from '@rtms/shared/error-codes';
import { readStoredToken } from './auth/session-storage';

/** A non-2xx answer of the API, typed by its `code`. Screens branch on `code`, never on message text. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
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

/** The one HTTP client of the web app: JSON in and out, bearer token from the session, typed errors. */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
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
  const payload: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
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
  return payload as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
