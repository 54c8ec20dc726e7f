import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('behind a trusted proxy, takes the balancer X-Request-Id as the request id and answers with it', async () => {
    const t = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const forwarded = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'a1b2c3d4e5f6' },
      });
      expect(forwarded.headers['x-request-id']).toBe('a1b2c3d4e5f6');

      // A value that could forge a log line or flood it is replaced, not trusted.
      for (const bad of ['x\r\nforged: yes', 'a'.repeat(129), 'id with spaces']) {
        const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
        expect(response.headers['x-request-id']).toMatch(UUID);
      }
    } finally {
      await t.close();
    }
  });

  it('without TRUST_PROXY, ignores X-Request-Id from the client and gives each request its own UUID', async () => {
    const t = await createTestApp();
    try {
      const first = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'chosen-by-client' },
      });
      const second = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(first.headers['x-request-id']).toMatch(UUID);
      expect(second.headers['x-request-id']).toMatch(UUID);
      expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    } finally {
      await t.close();
    }
  });
});
