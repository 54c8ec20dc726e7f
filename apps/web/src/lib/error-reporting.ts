import type { ClientErrorBody } from '@rtms/shared/schemas/client-errors';

/**
 * The reporting sink of the web app (sign-in failures and failed session restores are
 * reported). Always the console; also the server's /api/client-errors, which forwards to the
 * configured error-reporting DSN (or its log when none is set).
 */
export function reportError(error: unknown, context: Record<string, string | number | boolean | null> = {}): void {
  const err = error instanceof Error ? error : new Error(String(error));
  console.warn('[RTMS] reported error:', err.message, context);
  const body: ClientErrorBody = {
    message: err.message.slice(0, 2000),
    name: err.name.slice(0, 200),
    stack: err.stack?.slice(0, 6000),
    // The server's limits: 20 entries, text values of at most 500 characters.
    context: Object.fromEntries(
      Object.entries(context)
        .slice(0, 20)
        .map(([key, value]) => [key.slice(0, 100), typeof value === 'string' ? value.slice(0, 500) : value]),
    ),
    url: window.location.pathname,
  };
  // Fire and forget: reporting must never break the screen that reports.
  void fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}
