import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, type TestApp } from '../test/test-app';

const WRONG = 'not-the-right-password';
/** A fresh documentation-range address per call, so that the per-address counters of cases do not mix. */
const fresh = () => `198.51.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

/**
 * The client's address behind TRUST_PROXY (platform/trust-proxy.ts): the right-most entry of
 * X-Forwarded-For that is not a trusted proxy. Read back where it matters: the address a session records
 * and the address the sign-in lock counts.
 */
describe('the client address behind trusted proxies', () => {
  const apps: Record<string, TestApp> = {};
  beforeAll(async () => {
    for (const trust of ['false', 'true', '2', '10.9.9.9, 10.8.0.0/16'])
      apps[trust] = await createTestApp({ TRUST_PROXY: trust });
  });
  afterAll(() => Promise.all(Object.values(apps).map((t) => t.close())));

  /** Signs in from `socket` with `forwardedFor`, and answers the address the new session recorded. */
  async function recordedAddress(trust: string, socket: string, forwardedFor?: string): Promise<string | null> {
    const t = apps[trust]!;
    const user = await t.createUser('FACILITY_USER');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: socket,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
    expect(response.statusCode).toBe(200);
    const session = await t.database.db
      .selectFrom('sessions')
      .select('ip')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    return session.ip;
  }

  it('without TRUST_PROXY takes the socket and ignores the header', async () => {
    expect(await recordedAddress('false', '10.9.9.9', '203.0.113.7')).toBe('10.9.9.9');
  });

  it('with TRUST_PROXY=true trusts one hop: the right-most entry, never what the client put on the left', async () => {
    // nginx's $proxy_add_x_forwarded_for: the client's own header, then the address nginx saw.
    expect(await recordedAddress('true', '10.9.9.9', '203.0.113.7, 198.51.100.20')).toBe('198.51.100.20');
    expect(await recordedAddress('true', '10.9.9.9', '198.51.100.21')).toBe('198.51.100.21');
    expect(await recordedAddress('true', '10.9.9.9')).toBe('10.9.9.9');
  });

  it('with a hop count of 2 skips exactly two proxies', async () => {
    expect(await recordedAddress('2', '10.9.9.9', '203.0.113.7, 198.51.100.22, 10.8.1.1')).toBe('198.51.100.22');
  });

  it('with addresses/CIDRs believes only those proxies and takes the right-most untrusted entry', async () => {
    const trust = '10.9.9.9, 10.8.0.0/16';
    expect(await recordedAddress(trust, '10.9.9.9', '203.0.113.7, 198.51.100.23, 10.8.4.4')).toBe('198.51.100.23');
    // A client that reaches the instance directly is no proxy: its header is ignored.
    expect(await recordedAddress(trust, '198.51.100.24', '203.0.113.7')).toBe('198.51.100.24');
  });

  it('locks the real address after 30 failures however the client rotates the left of X-Forwarded-For', async () => {
    const t = apps.true!;
    const client = fresh();
    const login = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `${fresh()}, ${client}` },
      });
    for (let attempt = 0; attempt < 29; attempt += 1) {
      const response = await login(`spray-${attempt % 10}-${randomBytes(3).toString('hex')}@example.com`, WRONG);
      expect(response.statusCode).toBe(401);
    }
    expect((await login('thirtieth@example.com', WRONG)).statusCode).toBe(429);
    const user = await t.createUser('FACILITY_USER');
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });
});
