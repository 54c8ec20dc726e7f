import type { FastifyBaseLogger } from 'fastify';

/** Where unexpected errors go: the log by default, and a DSN endpoint when configured. */
export interface ErrorReporter {
  report(error: unknown, context?: Record<string, unknown>): void;
}

/**
 * Creates the reporter. With a DSN, each error is POSTed as JSON (fire and forget: reporting must never
 * make a request fail). Without one, errors are only logged.
 */
export function createErrorReporter(log: FastifyBaseLogger, dsn: string): ErrorReporter {
  return {
    report(error, context = {}) {
      const err = error instanceof Error ? error : new Error(String(error));
      log.error({ err, ...context }, 'error reported');
      if (!dsn) return;
      const payload = JSON.stringify({
        message: err.message,
        name: err.name,
        stack: err.stack,
        context,
        at: new Date().toISOString(),
        source: 'server',
      });
      fetch(dsn, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
        signal: AbortSignal.timeout(5000),
      }).catch((sendError: unknown) => log.warn({ err: sendError }, 'error report could not be sent'));
    },
  };
}
