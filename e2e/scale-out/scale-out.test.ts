/**
 * Scale-out, proven with real parts: two instances of the built server on one
 * PostgreSQL database and S3-compatible storage (s3rver) behind nginx (Debian's package, the repository's
 * deploy/nginx/rtms.conf, round robin). Through the balancer it signs in and runs a mixed load — reads,
 * task completions each with an evidence upload, and the daily jobs started from the command line while
 * both instances also schedule them — kills one instance with SIGKILL in the middle, and then checks
 * that nothing acknowledged was lost. Then it sends spoofed X-Forwarded-For headers through nginx and
 * shows that the address the instances count and record is still the client's own.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../apps/server/src/test/s3-server';
import { inspectionPdf } from '../support/document-files';
import { ROOT, startBalancer, startInstance, type Balancer, type Instance } from './processes';

const ADMIN_EMAIL = 'admin@scale-out.test';
const ADMIN_PASSWORD = 'scale-out-admin-password-1';
/**
 * The load runs at least KILL_AFTER_MS and BEFORE_KILL acknowledged completions before one instance is
 * killed, and goes on at least AFTER_KILL_MS and AFTER_KILL completions after it (counts, not only times,
 * so that a busy machine still tests both sides of the kill); LOAD_LIMIT_MS ends it in any case.
 */
const KILL_AFTER_MS = 5_000;
const BEFORE_KILL = 10;
const AFTER_KILL_MS = 6_000;
const AFTER_KILL = 10;
const LOAD_LIMIT_MS = 90_000;
const DAILY_JOBS = ['task-generation', 'session-purge'] as const;

const baseUrl = process.env.TEST_DATABASE_URL;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two instances behind nginx on one PostgreSQL database and S3 storage', () => {
  if (!baseUrl) throw new Error('The scale-out test needs PostgreSQL: set TEST_DATABASE_URL (as .ci/run does)');
  const databaseName = `rtms_scale_${randomBytes(5).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(baseUrl), { pathname: `/${databaseName}` }).href;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-scale-out-'));
  let s3: TestS3Server;
  let a: Instance;
  let b: Instance;
  let balancer: Balancer;
  let sql: pg.Client;

  const instanceEnv = (name: string): Record<string, string> => ({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dir, name),
    ...s3.env,
    // The balancer's address, as the README says: only nginx may name the client.
    TRUST_PROXY: '127.0.0.1',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'info',
  });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    s3 = await startS3Server('rtms-scale-out');
    // One after the other: the first runs the migrations and creates the administrator.
    a = await startInstance('a', instanceEnv('a'));
    b = await startInstance('b', instanceEnv('b'));
    balancer = await startBalancer(dir, [a, b]);
    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await balancer?.stop();
    await a?.stop('SIGTERM');
    await b?.stop('SIGTERM');
    await s3?.close();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loses nothing acknowledged when one instance is killed under load', async () => {
    // Sign in through the balancer; the session is in the database, so both instances accept it.
    const login = await fetch(`${balancer.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const api = (base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}/api${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const json = async <T>(response: Response | Promise<Response>): Promise<T> => {
      const answer = await response;
      const text = await answer.text();
      if (!answer.ok) throw new Error(`${answer.status} ${text}`);
      return (JSON.parse(text) as { data: T }).data;
    };

    // Both instances answer behind the balancer (round robin): its access log names each as an upstream.
    for (let i = 0; i < 6; i += 1) await (await api(balancer.url, 'GET', '/health')).body?.cancel();
    expect(balancer.accessLog()).toContain(`upstream=127.0.0.1:${a.port}`);
    expect(balancer.accessLog()).toContain(`upstream=127.0.0.1:${b.port}`);

    // Setup through the balancer: a weekly requirement that needs evidence at three facilities.
    const area = await json<{ _id: string }>(
      api(balancer.url, 'POST', '/program-areas', { name: 'Stormwater', description: 'Outfall inspections' }),
    );
    const facilityIds: string[] = [];
    for (const n of [1, 2, 3]) {
      const facility = await json<{ _id: string }>(
        api(balancer.url, 'POST', '/facilities', {
          name: `Mesa Verde Solar ${n}`,
          code: `MV-${n}`,
          type: 'SOLAR',
          timeZone: 'UTC',
          programAreaIds: [area._id],
        }),
      );
      facilityIds.push(facility._id);
    }
    const threeYearsAgo = new Date(Date.now() - 3 * 365 * 86_400_000).toISOString().slice(0, 10);
    const requirement = await json<{ _id: string }>(
      api(balancer.url, 'POST', '/requirements', {
        title: 'Weekly outfall inspection',
        category: 'WATER',
        frequency: 'WEEKLY',
        firstDueDate: threeYearsAgo,
        evidenceRequired: true,
        minEvidence: 1,
        programAreaId: area._id,
        facilities: facilityIds.map((facilityId) => ({ facilityId })),
      }),
    );
    const open = await json<{ _id: string }[]>(
      api(balancer.url, 'GET', `/tasks?requirementId=${requirement._id}&status=INCOMPLETE&sort=dueDate&pageSize=200`),
    );
    expect(open.length).toBeGreaterThan(100);
    const queue = open.map((task) => task._id);

    // A request id given to the balancer follows the request into the instance's structured log.
    const probe = await api(balancer.url, 'GET', '/health', undefined, { 'x-request-id': 'scale-out-probe-42' });
    expect(probe.headers.get('x-request-id')).toBe('scale-out-probe-42');
    // Without one, nginx makes one ($request_id) and the instance logs and answers with that.
    const generated = (await api(balancer.url, 'GET', '/health')).headers.get('x-request-id')!;
    expect(generated).toMatch(/^[0-9a-f]{32}$/);
    await sleep(200);
    const logged = [...a.log, ...b.log].map((line) => line.reqId);
    expect(logged).toContain('scale-out-probe-42');
    expect(logged).toContain(generated);
    expect(balancer.accessLog()).toContain('request_id=scale-out-probe-42');

    // The mixed load.
    const started = Date.now();
    let killedAt = Infinity;
    const loadLimit = started + LOAD_LIMIT_MS;
    const uploads: { documentId: string; taskId: string; sha256: string; at: number }[] = [];
    const completions: { taskId: string; at: number }[] = [];
    const failures: { what: string; status: number | string; at: number }[] = [];
    const reads = { ok: 0, afterKill: 0 };
    const running = () =>
      Date.now() < loadLimit &&
      (Date.now() < killedAt + AFTER_KILL_MS || completions.filter((c) => c.at > killedAt).length < AFTER_KILL);
    const attempt = async (what: string, request: () => Promise<Response>): Promise<Response | undefined> => {
      try {
        const response = await request();
        if (response.ok) return response;
        failures.push({ what, status: response.status, at: Date.now() });
        await response.body?.cancel();
      } catch (error) {
        failures.push({ what, status: (error as Error).message, at: Date.now() });
      }
      return undefined;
    };

    const writer = async (worker: number) => {
      for (let n = 0; running(); n += 1) {
        const taskId = queue.shift();
        if (!taskId) return;
        const pdf = inspectionPdf(`Outfall inspection ${worker}-${n}`, [`Nonce ${randomBytes(8).toString('hex')}`]);
        const form = new FormData();
        form.append('kind', 'TASK');
        form.append('taskId', taskId);
        form.append(
          'file',
          new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
          `inspection-${worker}-${n}.pdf`,
        );
        const uploaded = await attempt('upload', () =>
          fetch(`${balancer.url}/api/documents`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            body: form,
          }),
        );
        if (!uploaded) continue;
        const document = ((await uploaded.json()) as { data: { _id: string; sha256: string } }).data;
        expect(document.sha256).toBe(sha256(pdf));
        uploads.push({ documentId: document._id, taskId, sha256: sha256(pdf), at: Date.now() });
        const completed = await attempt('complete', () =>
          api(balancer.url, 'POST', `/tasks/${taskId}/complete`, { completionNote: `Inspected (${worker}-${n})` }),
        );
        if (completed) {
          await completed.body?.cancel();
          completions.push({ taskId, at: Date.now() });
        }
      }
    };
    const reader = async () => {
      while (running()) {
        const page = 1 + Math.floor(Math.random() * 3);
        const paths = [`/tasks?page=${page}&pageSize=50`, `/tasks/${open[page]!._id}`, '/documents?pageSize=20'];
        for (const url of paths) {
          const response = await attempt('read', () => api(balancer.url, 'GET', url));
          if (!response) continue;
          await response.body?.cancel();
          reads.ok += 1;
          if (Date.now() > killedAt) reads.afterKill += 1;
        }
      }
    };
    /** The daily jobs from the command line, as an external scheduler would start them. */
    const jobCommand = (name: string) =>
      new Promise<{ job: string; ran: boolean }>((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/job.js'), name], {
          env: { PATH: process.env.PATH ?? '', ...instanceEnv(`job-${name}`), LOG_LEVEL: 'warn' },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.once('exit', (code) => {
          const line = out.split('\n').find((text) => text.startsWith('{"job"'));
          if (code !== 0 || !line) reject(new Error(`job ${name} exited with ${code}: ${out}`));
          else resolve(JSON.parse(line) as { job: string; ran: boolean });
        });
      });
    const killer = async () => {
      await sleep(KILL_AFTER_MS);
      while (completions.length < BEFORE_KILL && Date.now() < loadLimit) await sleep(100);
      // Both instances run the daily jobs 5 s after their start; an instance killed while holding a job's
      // lease would leave that job to the stale-lease takeover an hour later, which this test does not wait for.
      for (let i = 0; i < 50; i += 1) {
        const { rows } = await sql.query<{ n: string }>(
          'select count(*) as n from job_leases where finished_at is not null',
        );
        if (Number(rows[0]!.n) >= DAILY_JOBS.length) break;
        await sleep(200);
      }
      killedAt = Date.now();
      await a.stop('SIGKILL');
    };

    const commands = Promise.all(DAILY_JOBS.map(async (name) => (await sleep(1_000), jobCommand(name))));
    await Promise.all([writer(1), writer(2), writer(3), writer(4), reader(), reader(), killer()]);
    const commandRuns = await commands;

    expect(a.child.signalCode).toBe('SIGKILL');
    const writesAfterKill = completions.filter((completion) => completion.at > killedAt).length;
    console.log(
      `scale-out load: ${uploads.length} uploads and ${completions.length} completions acknowledged ` +
        `(${writesAfterKill} after the kill), ${reads.ok} reads (${reads.afterKill} after the kill), ` +
        `${failures.length} refused or failed: ${JSON.stringify(failures.slice(0, 8))}`,
    );
    // The load really ran on both sides of the kill, through the balancer to the survivor.
    expect(completions.filter((completion) => completion.at < killedAt).length).toBeGreaterThanOrEqual(BEFORE_KILL);
    expect(writesAfterKill).toBeGreaterThanOrEqual(AFTER_KILL);
    expect(reads.afterKill).toBeGreaterThan(3);
    // Once nginx has seen the dead instance fail, no request fails any more.
    expect(failures.filter((failure) => failure.at > killedAt + 2_000)).toEqual([]);

    // Every acknowledged completion is in the database.
    const completedIds = completions.map((completion) => completion.taskId);
    const { rows: tasks } = await sql.query<{ id: string; status: string }>(
      'select id, status from tasks where id = any($1)',
      [completedIds],
    );
    expect(tasks.length).toBe(completedIds.length);
    expect(tasks.every((task) => task.status === 'COMPLETED')).toBe(true);

    // Every acknowledged upload is in the database and downloads through the survivor with its SHA-256.
    const { rows: documents } = await sql.query<{ id: string }>('select id from documents where id = any($1)', [
      uploads.map((upload) => upload.documentId),
    ]);
    expect(documents.length).toBe(uploads.length);
    for (const upload of uploads) {
      const download = await api(b.url, 'GET', `/documents/${upload.documentId}/download`);
      expect(download.status).toBe(200);
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(upload.sha256);
    }

    // The daily jobs ran once each today across both instances and both commands.
    const today = new Date().toISOString().slice(0, 10);
    const { rows: leases } = await sql.query<{ name: string; day: string; finished_at: string | null }>(
      'select name, day, finished_at from job_leases order by name',
    );
    expect(leases.map((lease) => [lease.name, lease.day])).toEqual([...DAILY_JOBS].sort().map((name) => [name, today]));
    expect(leases.every((lease) => lease.finished_at !== null)).toBe(true);
    for (const name of DAILY_JOBS) {
      const inProcess = [...a.log, ...b.log].filter((line) => line.msg === 'daily job done' && line.job === name);
      const fromCommand = commandRuns.filter((run) => run.job === name && run.ran);
      expect(inProcess.length + fromCommand.length, `runs of ${name}`).toBe(1);
    }
    // No occurrence of a series was generated twice.
    const { rows: duplicates } = await sql.query(
      'select binding_id, sequence from tasks group by 1, 2 having count(*) > 1',
    );
    expect(duplicates).toEqual([]);

    // The session made through the balancer works on the survivor, and new sign-ins work there too.
    const me = await api(b.url, 'POST', '/users/auth/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(ADMIN_EMAIL);
    const again = await fetch(`${balancer.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(again.status).toBe(200);
  });

  it('counts and records the address nginx saw, whatever X-Forwarded-For the client sends', async () => {
    let n = 0;
    /** A different made-up address on every request, as a client rotating its header would send. */
    const spoofed = () => ({ 'x-forwarded-for': `203.0.113.${(n = (n % 250) + 1)}` });
    const login = (email: string, password: string) =>
      fetch(`${balancer.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...spoofed() },
        body: JSON.stringify({ email, password }),
      });

    // The address a session records is the client's (loopback here), not the header's.
    const signedIn = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(signedIn.status).toBe(200);
    const { rows: sessions } = await sql.query<{ ip: string }>(
      'select ip from sessions order by created_at desc limit 1',
    );
    expect(sessions[0]!.ip).toBe('127.0.0.1');

    // Client-error reports: 20 a minute per address. 41 within at most two windows must meet the limit.
    const reports: number[] = [];
    for (let i = 0; i < 41; i += 1) {
      const response = await fetch(`${balancer.url}/api/client-errors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...spoofed() },
        body: JSON.stringify({ message: `spoofed report ${i}` }),
      });
      reports.push(response.status);
      await response.body?.cancel();
    }
    expect(reports.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(reports.filter((status) => status === 202).length).toBeLessThanOrEqual(40);

    // Calendar feeds: 600 an hour per address; the 601st request is refused whatever the header says.
    const feeds: number[] = [];
    for (let batch = 0; batch < 601; batch += 20) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(20, 601 - batch) }, async () => {
          const response = await fetch(`${balancer.url}/ical/${randomBytes(16).toString('hex')}.ics`, {
            headers: spoofed(),
          });
          await response.body?.cancel();
          return response.status;
        }),
      );
      feeds.push(...answers);
    }
    expect(feeds.filter((status) => status === 404).length).toBeLessThanOrEqual(600);
    expect(feeds.filter((status) => status === 429).length).toBeGreaterThan(0);

    // Sign-in: 30 failures lock the address, and a fresh header does not unlock it, even with the right password.
    for (let i = 0; i < 30; i += 1) {
      const response = await login(`spray-${i}-${randomBytes(3).toString('hex')}@scale-out.test`, 'wrong-password');
      expect([401, 429]).toContain(response.status);
      await response.body?.cancel();
    }
    const locked = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(locked.status).toBe(429);
  });
});
