/**
 * No deadlock under ordinary concurrent work (decision 037): two instances of the built server on one
 * PostgreSQL database behind nginx, and every kind of write a compliance team makes at once — a task's edit,
 * completion, reopening, comment and evidence, a bulk assignment, a completion that schedules the next occurrence,
 * holidays added and removed, requirement edits, hand-overs, the daily generation — from several clients over
 * several facilities for SOAK_MS. Before the one unit of work, the same load answered dozens of 500s ("deadlock
 * detected"). Every answer must be below 500, and the audit chain intact.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../apps/server/src/test/s3-server';
import { inspectionPdf } from '../support/document-files';
import { ROOT, startBalancer, startInstance, type Balancer, type Instance } from './processes';

const ADMIN_EMAIL = 'admin@write-soak.test';
const ADMIN_PASSWORD = 'write-soak-admin-password-1';
const SOAK_MS = Number(process.env.SOAK_MS ?? 60_000);
const CLIENTS = 8;
const FACILITIES = 4;

const baseUrl = process.env.TEST_DATABASE_URL;

describe('every kind of write at once, on two instances behind nginx on one PostgreSQL database', () => {
  if (!baseUrl) throw new Error('The write soak needs PostgreSQL: set TEST_DATABASE_URL (as .ci/run does)');
  const databaseName = `rtms_soak_${randomBytes(5).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(baseUrl), { pathname: `/${databaseName}` }).href;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-write-soak-'));
  let s3: TestS3Server;
  let a: Instance;
  let b: Instance;
  let balancer: Balancer;

  const instanceEnv = (name: string): Record<string, string> => ({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dir, name),
    ...s3.env,
    TRUST_PROXY: 'true',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
  });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    s3 = await startS3Server('rtms-write-soak');
    a = await startInstance('a', instanceEnv('a'));
    b = await startInstance('b', instanceEnv('b'));
    balancer = await startBalancer(dir, [a, b]);
  });

  afterAll(async () => {
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

  it(`answers no 5xx and keeps the audit chain intact under ${CLIENTS} writing clients`, async () => {
    const signIn = async () => {
      const login = await fetch(`${balancer.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      return ((await login.json()) as { data: { token: string } }).data.token;
    };
    const request = (token: string, method: string, url: string, body?: unknown) =>
      fetch(`${balancer.url}/api${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const setupToken = await signIn();
    const json = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const answer = await request(setupToken, method, url, body);
      const text = await answer.text();
      if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${text}`);
      return (JSON.parse(text) as { data: T }).data;
    };

    // Setup: facilities in two program areas, two people to hand work between, a weekly series that needs no
    // evidence and one scheduled after each completion, both bound everywhere.
    const areas = [
      await json<{ _id: string }>('POST', '/program-areas', { name: 'Stormwater' }),
      await json<{ _id: string }>('POST', '/program-areas', { name: 'Air permits' }),
    ].map((area) => area._id);
    const facilityIds: string[] = [];
    for (let n = 1; n <= FACILITIES; n += 1) {
      const facility = await json<{ _id: string }>('POST', '/facilities', {
        name: `Soak Ridge ${n}`,
        code: `SR-${n}`,
        type: 'WIND',
        timeZone: 'UTC',
        programAreaIds: areas,
      });
      facilityIds.push(facility._id);
    }
    const people: string[] = [];
    for (const name of ['Ada', 'Grace']) {
      const user = await json<{ _id: string }>('POST', '/users', {
        email: `${name.toLowerCase()}@write-soak.test`,
        firstName: name,
        lastName: 'Soak',
        role: 'ALL_FACILITY_USER',
        password: `${name}-soak-password-1`,
        mustChangePassword: false,
      });
      people.push(user._id);
    }
    const twoYearsAgo = new Date(Date.now() - 2 * 365 * 86_400_000).toISOString().slice(0, 10);
    const weekly = await json<{ _id: string }>('POST', '/requirements', {
      title: 'Weekly turbine walk-down',
      category: 'WATER',
      frequency: 'WEEKLY',
      firstDueDate: twoYearsAgo,
      weekendShift: 'NEXT',
      programAreaId: areas[0],
      defaultAssigneeId: people[0],
      facilities: facilityIds.map((facilityId) => ({ facilityId })),
    });
    const rolling = await json<{ _id: string }>('POST', '/requirements', {
      title: 'Rolling oil check',
      category: 'WATER',
      frequency: 'MONTHLY',
      scheduleMode: 'AFTER_COMPLETION',
      firstDueDate: twoYearsAgo,
      facilities: facilityIds.map((facilityId) => ({ facilityId })),
    });
    const weeklyTasks = await json<{ _id: string }[]>(
      'GET',
      `/tasks?requirementId=${weekly._id}&sort=dueDate&pageSize=200`,
    );
    expect(weeklyTasks.length).toBeGreaterThan(100);
    const taskIds = weeklyTasks.map((task) => task._id);

    const answers = new Map<string, number>();
    const serverErrors: { kind: string; status: number; body: string }[] = [];
    const count = async (kind: string, response: Promise<Response>) => {
      const answer = await response;
      const key = `${kind} ${answer.status}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
      const text = await answer.text();
      if (answer.status >= 500) serverErrors.push({ kind, status: answer.status, body: text.slice(0, 200) });
      return answer.ok ? (JSON.parse(text) as { data: unknown }).data : undefined;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
    const futureDate = () => new Date(Date.now() + (10 + Math.floor(Math.random() * 300)) * 86_400_000);
    const day = (date: Date) => date.toISOString().slice(0, 10);

    /** Every kind of write, each as one client would send it. */
    const writes: Record<string, (token: string, n: number) => Promise<unknown>> = {
      assign: (token) =>
        count('assign', request(token, 'PATCH', `/tasks/${pick(taskIds)}`, { assigneeId: pick(people) })),
      reschedule: (token) =>
        count(
          'reschedule',
          request(token, 'PATCH', `/tasks/${pick(taskIds)}`, {
            dueDate: day(futureDate()),
            rescheduleReason: 'Crew availability',
          }),
        ),
      complete: (token) => count('complete', request(token, 'POST', `/tasks/${pick(taskIds)}/complete`, {})),
      reopen: (token) =>
        count('reopen', request(token, 'POST', `/tasks/${pick(taskIds)}/reopen`, { reason: 'Recheck' })),
      comment: (token, n) =>
        count('comment', request(token, 'POST', `/tasks/${pick(taskIds)}/comments`, { body: `Walked it (${n})` })),
      evidence: async (token, n) => {
        const form = new FormData();
        form.append('kind', 'TASK');
        form.append('taskId', pick(taskIds));
        const pdf = inspectionPdf(`Walk-down ${n}`, [`Nonce ${randomBytes(8).toString('hex')}`]);
        form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `walk-down-${n}.pdf`);
        return count(
          'evidence',
          fetch(`${balancer.url}/api/documents`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            body: form,
          }),
        );
      },
      bulk: (token) =>
        count(
          'bulk',
          request(token, 'POST', '/tasks/bulk', {
            ids: [pick(taskIds), pick(taskIds), pick(taskIds)].filter((id, i, all) => all.indexOf(id) === i),
            action: 'assign',
            assigneeId: pick(people),
          }),
        ),
      rolling: async (token) => {
        const open = (await count(
          'rolling-list',
          request(
            token,
            'GET',
            `/tasks?requirementId=${rolling._id}&facilityId=${pick(facilityIds)}&status=INCOMPLETE`,
          ),
        )) as { _id: string }[] | undefined;
        if (open?.[0]) await count('after-completion', request(token, 'POST', `/tasks/${open[0]._id}/complete`, {}));
      },
      holiday: async (token) => {
        const facilityId = pick(facilityIds);
        const date = day(futureDate());
        const added = await count(
          'holiday-add',
          request(token, 'POST', `/facilities/${facilityId}/holidays`, { date, name: 'Site day' }),
        );
        if (added)
          await count('holiday-remove', request(token, 'DELETE', `/facilities/${facilityId}/holidays/${date}`));
      },
      requirement: (token, n) =>
        count(
          'requirement',
          request(
            token,
            'PATCH',
            `/requirements/${weekly._id}`,
            pick([
              { title: `Weekly turbine walk-down ${n}` },
              { programAreaId: pick(areas) },
              { leadTimeDays: pick([7, 14, 21]) },
            ]),
          ),
        ),
      handOver: (token) => {
        const [from, to] = Math.random() < 0.5 ? people : [...people].reverse();
        return count('hand-over', request(token, 'POST', `/users/${from}/hand-over`, { toUserId: to }));
      },
      read: (token) =>
        count('read', request(token, 'GET', `/tasks?programAreaId=${pick(areas)}&sort=-dueDate&pageSize=50`)),
    };
    const kinds = Object.keys(writes);

    /** The daily jobs from the command line during the load, as an external scheduler would start them. */
    const generation = () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/job.js'), 'task-generation'], {
          env: { PATH: process.env.PATH ?? '', ...instanceEnv('job'), LOG_LEVEL: 'warn' },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        child.once('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`task-generation exited with ${code}`)),
        );
      });

    const tokens = await Promise.all(Array.from({ length: CLIENTS }, signIn));
    const started = Date.now();
    const client = async (token: string, index: number) => {
      for (let n = 0; Date.now() - started < SOAK_MS; n += 1) {
        // Every client goes through every kind, from a different start, then at random.
        const kind = n < kinds.length ? kinds[(index + n) % kinds.length]! : pick(kinds);
        try {
          await writes[kind]!(token, n);
        } catch (error) {
          serverErrors.push({ kind, status: 0, body: (error as Error).message });
        }
      }
    };
    await Promise.all([...tokens.map(client), generation()]);
    const seconds = (Date.now() - started) / 1000;

    const total = [...answers.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      `write soak: ${total} answers in ${seconds.toFixed(1)} s from ${CLIENTS} clients, ` +
        `${serverErrors.length} 5xx or failed: ${JSON.stringify(Object.fromEntries([...answers].sort()))}`,
    );
    expect(serverErrors).toEqual([]);
    // Every kind really wrote (a refusal, such as reopening a task that is not completed, is a 4xx).
    for (const kind of kinds.filter((name) => name !== 'rolling' && name !== 'holiday')) {
      const key = kind === 'handOver' ? 'hand-over' : kind;
      expect(answers.get(`${key} 200`) ?? answers.get(`${key} 201`) ?? 0, key).toBeGreaterThan(0);
    }
    expect(answers.get('after-completion 200') ?? 0).toBeGreaterThan(0);
    expect(answers.get('holiday-add 201') ?? 0).toBeGreaterThan(0);
    const deadlocks = [...a.log, ...b.log].filter((line) => JSON.stringify(line).includes('deadlock'));
    expect(deadlocks).toEqual([]);

    const verified = await json<{ intact: boolean; checked: number }>('GET', '/audit/verify');
    expect(verified.intact).toBe(true);
    expect(verified.checked).toBeGreaterThan(100);
  });
});
