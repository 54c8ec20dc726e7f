import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { ADMIN_EMAIL, TEST_PASSWORD, testDialect } from '../test/test-app';

interface Answer {
  route: string;
  status: number;
  code?: string;
  retryAfter: string | null;
  ms: number;
  at: number;
}

/**
 * Decision 038: a server process whose PostgreSQL goes away (a TCP proxy in front of it cut, as a restart or a
 * failover does) stays up, answers 503 on /api/ready and on API requests (Retry-After, never hanging), and serves
 * again by itself once the database is back.
 */
const QUERY_TIMEOUT_MS = 2_000;

describe.runIf(testDialect() === 'postgres')('an instance outlives its database', () => {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-outage-'));
  let proxy: TcpProxy;
  let server: ServerProcess;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const proxied = new URL(url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    proxied.searchParams.set('options', `-c search_path=${schema}`);
    server = await startServerProcess({
      DATABASE_URL: proxied.toString(),
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD: TEST_PASSWORD,
      // The daily jobs and the reminder sender run on their timers, as in production.
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // A request's statement waits at most 2 s for a silent database (production: 15 s).
      DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
    });
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const ask = async (route: string, token?: string): Promise<Answer> => {
    const started = Date.now();
    const response = await fetch(`${server.url}${route}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    return {
      route,
      status: response.status,
      code: body.code,
      retryAfter: response.headers.get('retry-after'),
      ms: Date.now() - started,
      at: Date.now(),
    };
  };

  /** Polls `route` until it answers `status`; returns the time that took. */
  const waitFor = async (route: string, status: number, limitMs: number): Promise<number> => {
    const started = Date.now();
    while (Date.now() - started < limitMs) {
      if ((await ask(route).catch(() => undefined))?.status === status) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${route} did not answer ${status} within ${limitMs} ms`);
  };

  const signIn = async () => {
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    return ((await login.json()) as { data: { token: string } }).data.token;
  };

  it('answers 503 while PostgreSQL is cut off and serves again within 10 s after it returns', async () => {
    const token = await signIn();

    // Load: six clients reading lists one request after another until told to stop.
    const answers: Answer[] = [];
    let loading = true;
    const routes = ['/api/tasks', '/api/facilities', '/api/notifications', '/api/notifications/unread-count'];
    const clients = Array.from({ length: 6 }, async (_, index) => {
      while (loading) {
        answers.push(await ask(routes[index % routes.length]!, token));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);

    proxy.cut();
    const cutAt = Date.now();
    const notReadyAfter = await waitFor('/api/ready', 503, 5_000);
    // Requests keep coming during the outage.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(server.alive()).toBe(true);

    proxy.restore();
    const restoredAt = Date.now();
    const readyAfter = await waitFor('/api/ready', 200, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    loading = false;
    await Promise.all(clients);

    const during = answers.filter((answer) => answer.at > cutAt + 1_000 && answer.at < restoredAt);
    const after = answers.filter((answer) => answer.at > restoredAt + readyAfter + 500);
    console.info(
      `outage: ready 503 after ${notReadyAfter} ms, 200 again ${readyAfter} ms after the restore; ` +
        `${answers.length} answers, ${during.length} during the cut, longest ${Math.max(...answers.map((a) => a.ms))} ms`,
    );
    expect(server.alive()).toBe(true);
    expect(during.length).toBeGreaterThan(0);
    for (const answer of during) {
      expect(answer).toMatchObject({ status: 503, code: 'UNAVAILABLE', retryAfter: '5' });
    }
    // Nothing but 200 and 503, and no request hangs (a new connection is given up after 5 s).
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200, 503]));
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(7_000);
    expect(after.length).toBeGreaterThan(0);
    for (const answer of after) expect(answer.status).toBe(200);
    expect(server.log.some((line) => line.msg === 'database connection lost')).toBe(true);
  });

  it('answers 503 within the query timeout while PostgreSQL is silent and serves again within 10 s', async () => {
    const token = await signIn();
    const answers: Answer[] = [];
    let loading = true;
    const routes = ['/api/tasks', '/api/facilities', '/api/notifications', '/api/notifications/unread-count'];
    const clients = Array.from({ length: 6 }, async (_, index) => {
      while (loading) answers.push(await ask(routes[index % routes.length]!, token));
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);

    // Every connection falls silent: no reset, no answer, as when a route drops or a host vanishes.
    proxy.blackhole();
    const silentAt = Date.now();
    const notReadyAfter = await waitFor('/api/ready', 503, 5_000);
    // Long enough for requests that wait on a silent connection (2 s) and on a new one (5 s) to answer.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(server.alive()).toBe(true);

    proxy.restore();
    const restoredAt = Date.now();
    const readyAfter = await waitFor('/api/ready', 200, 10_000);
    // The silenced connections stay silent: any still in the pool is given up at its first statement's timeout.
    const servingFrom = restoredAt + readyAfter + QUERY_TIMEOUT_MS + 500;
    await new Promise((resolve) => setTimeout(resolve, servingFrom + 1_500 - Date.now()));
    loading = false;
    await Promise.all(clients);

    const startedAt = (answer: Answer) => answer.at - answer.ms;
    const during = answers.filter((answer) => startedAt(answer) > silentAt && answer.at < restoredAt);
    const after = answers.filter((answer) => startedAt(answer) > servingFrom);
    console.info(
      `silent database: ready 503 after ${notReadyAfter} ms, 200 again ${readyAfter} ms after the restore; ` +
        `${answers.length} answers, ${during.length} during the silence, longest ${Math.max(...answers.map((a) => a.ms))} ms`,
    );
    expect(server.alive()).toBe(true);
    expect(notReadyAfter).toBeLessThan(5_000);
    expect(during.length).toBeGreaterThan(0);
    for (const answer of during) {
      expect(answer).toMatchObject({ status: 503, code: 'UNAVAILABLE', retryAfter: '5' });
    }
    // No request waits for TCP keep-alive: a statement is given up after 2 s, a new connection after 5 s.
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200, 503]));
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(QUERY_TIMEOUT_MS + 5_000 + 1_000);
    // Serving again within 10 s of the database's return, every answer 200.
    expect(servingFrom - restoredAt).toBeLessThan(10_000);
    expect(after.length).toBeGreaterThan(0);
    for (const answer of after) expect(answer.status).toBe(200);
  });
});
