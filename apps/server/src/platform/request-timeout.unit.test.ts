import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Fastify keeps requestTimeout in initialConfig at run time, but its type omits it.
const requestTimeoutOf = (t: TestApp) => (t.app.initialConfig as { requestTimeout?: number }).requestTimeout;

describe('request timeouts', () => {
  it('take REQUEST_TIMEOUT_MS for the whole request and twice that for an idle connection', async () => {
    const t = await createTestApp({ REQUEST_TIMEOUT_MS: '4321' });
    try {
      expect(requestTimeoutOf(t)).toBe(4321);
      expect(t.app.initialConfig.connectionTimeout).toBe(8642);
      // The Node server itself enforces them (requestTimeout covers the headers as well).
      expect(t.app.server.requestTimeout).toBe(4321);
      expect(t.app.server.timeout).toBe(8642);
    } finally {
      await t.close();
    }
  });

  it('default to 30 seconds', async () => {
    const t = await createTestApp();
    try {
      expect(requestTimeoutOf(t)).toBe(300_000);
      expect(t.app.server.requestTimeout).toBe(300_000);
    } finally {
      await t.close();
    }
  });
});
