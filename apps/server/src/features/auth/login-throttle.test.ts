import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, bearer, createTestApp, type TestApp } from '../../test/test-app';

const WRONG = 'not-the-right-password';

/** A fresh client address per test, so that the per-address counter of one test does not leak into another. */
const freshIp = () => `10.${[...randomBytes(3)].join('.')}`;

describe('sign-in throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: ip, headers });

  /** Makes the lock of `key` run out now, as if its wait had passed. */
  const expireLock = (key: string) =>
    t.database.db
      .updateTable('login_throttle')
      .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
      .where('key', '=', key)
      .execute();

  const throttleRow = (key: string) =>
    t.database.db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();

  function expectRateLimited(response: Awaited<ReturnType<typeof login>>): number {
    expect(response.statusCode).toBe(429);
    const body = response.json();
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toEqual(expect.any(String));
    const header = String(response.headers['retry-after']);
    expect(header).toMatch(/^\d+$/);
    const seconds = Number(header);
    expect(seconds).toBeGreaterThan(0);
    expect(body.details).toEqual({ retryAfterSeconds: seconds });
    return seconds;
  }

  it('locks an account after five failures: 429 with Retry-After, even with the right password', async () => {
    const user = await t.createUser('FACILITY_USER');
    const ip = freshIp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await login(user.email, WRONG, ip);
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    // The sixth failure locks the account and says so.
    expect(expectRateLimited(await login(user.email, WRONG, ip))).toBe(30);
    // Locked: the right password is refused too, from any address.
    const right = await login(user.email, TEST_PASSWORD, ip);
    expect(expectRateLimited(right)).toBeLessThanOrEqual(30);
    expectRateLimited(await login(user.email.toUpperCase(), TEST_PASSWORD, freshIp()));
    // Another account is not affected.
    const other = await t.createUser('FACILITY_USER');
    expect((await login(other.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    // Once the wait is over the right password works again.
    await expireLock(`account:${user.email}`);
    expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('makes the wait grow with each further failure, up to 15 minutes', async () => {
    const user = await t.createUser('FACILITY_USER');
    const ip = freshIp();
    for (let attempt = 1; attempt <= 5; attempt++) await login(user.email, WRONG, ip);
    const waits: number[] = [];
    for (let lock = 0; lock < 8; lock++) {
      waits.push(expectRateLimited(await login(user.email, WRONG, ip)));
      await expireLock(`account:${user.email}`);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it('counts failures for unknown accounts the same way (no account enumeration)', async () => {
    const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const ip = freshIp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(email, WRONG, ip)).statusCode).toBe(401);
    }
    expect(expectRateLimited(await login(email, WRONG, ip))).toBe(30);
  });

  it('clears the account counter on a successful sign-in', async () => {
    const user = await t.createUser('FACILITY_USER');
    const ip = freshIp();
    for (let attempt = 1; attempt <= 4; attempt++) await login(user.email, WRONG, ip);
    expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect(await throttleRow(`account:${user.email}`)).toBeUndefined();
    // Five more failures are free again: without the reset the sixth failure overall would have locked.
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(user.email, WRONG, ip)).statusCode, `attempt ${attempt}`).toBe(401);
    }
    expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('locks an address after 30 failures across different accounts, whatever X-Forwarded-For says', async () => {
    const ip = freshIp();
    // Four failures per account at most: no account lock is involved.
    const emails = Array.from({ length: 10 }, (_, i) => `spray-${i}-${randomBytes(3).toString('hex')}@example.com`);
    const attempts = Array.from({ length: 29 }, (_, i) => emails[i % emails.length] ?? '');
    const answers = await Promise.all(attempts.map((email) => login(email, WRONG, ip)));
    expect(answers.map((response) => response.statusCode)).toEqual(attempts.map(() => 401));
    expect((await throttleRow(`address:${ip}`))?.failures).toBe(29);

    // The 30th failure locks the address.
    expect(expectRateLimited(await login('thirtieth@example.com', WRONG, ip))).toBe(900);
    const user = await t.createUser('FACILITY_USER');
    expectRateLimited(await login(user.email, TEST_PASSWORD, ip));
    // TRUST_PROXY is off: a forged X-Forwarded-For does not escape the lock.
    expectRateLimited(await login(user.email, TEST_PASSWORD, ip, { 'x-forwarded-for': freshIp() }));
    // Other addresses are not affected.
    expect((await login(user.email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('counts every failure of a parallel burst and answers 429 once the lock is in force', async () => {
    const user = await t.createUser('FACILITY_USER');
    const ip = freshIp();
    const burst = await Promise.all(Array.from({ length: 12 }, () => login(user.email, WRONG, ip)));
    const codes = burst.map((response) => response.statusCode);
    expect(codes.every((code) => code === 401 || code === 429)).toBe(true);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(5);
    expect((await throttleRow(`account:${user.email}`))?.failures).toBe(12);
    expectRateLimited(await login(user.email, TEST_PASSWORD, ip));
  });

  it('throttles guessing the current password through change-password', async () => {
    const user = await t.createUser('FACILITY_USER');
    const ip = freshIp();
    const token = await t.signIn(user.email);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/change-password',
        headers: bearer(token),
        remoteAddress: ip,
        payload: { currentPassword, newPassword: 'a-brand-new-passphrase-42' },
      });
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await change(WRONG)).statusCode, `attempt ${attempt}`).toBe(400);
    }
    expectRateLimited(await change(WRONG));
    expectRateLimited(await change(TEST_PASSWORD));
    // The lock is the account's: sign-in is locked as well.
    expectRateLimited(await login(user.email, TEST_PASSWORD, freshIp()));
  });
});
