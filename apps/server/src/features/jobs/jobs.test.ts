import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { allTasks, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { testClock } from '../../test/test-clock';
import { ADMIN_EMAIL, bearer, createSignedInApp, createTestApp, type TestApp } from '../../test/test-app';
import { TASK_GENERATION_JOB } from './jobs.service';

describe('the daily task generation runs once per day across app instances', () => {
  const clock = testClock('2026-03-10T12:00:00Z');
  let t: TestApp;
  let second: App;
  let admin: string;
  let requirementId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { now: clock });
    // A second instance of the app on the same database, as behind a load balancer.
    second = await buildApp(t.config, { database: t.reopenDatabase(), serveWebApp: false, now: clock });
    admin = await t.signIn(ADMIN_EMAIL);
    const facilityId = await createFacility(t, admin);
    const created = await createRequirement(t, admin, {
      frequency: 'WEEKLY',
      firstDueDate: '2026-03-02',
      facilities: [{ facilityId }],
    });
    requirementId = created.data._id;
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const leases = () =>
    t.database.db.selectFrom('job_leases').selectAll().where('name', '=', TASK_GENERATION_JOB).orderBy('day').execute();

  it('lets exactly one instance run on a day, and the other skip', async () => {
    const before = (await allTasks(t, admin, { requirementId })).length;
    clock.set('2026-04-10T12:00:00Z');
    const runs = await Promise.all([t.jobs.runDailyGeneration(), second.jobs.runDailyGeneration()]);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    const winner = runs.find((run) => run.ran)!;
    // Four more Mondays came into the horizon (2027-04-12 … 2027-05-03 minus the ones already there).
    expect(winner.result!.inserted).toBeGreaterThan(0);
    const tasks = await allTasks(t, admin, { requirementId });
    expect(tasks.length).toBe(before + winner.result!.inserted);
    expect(new Set(tasks.map((task) => task.sequence)).size).toBe(tasks.length);
    // Later checks the same day, on either instance, do nothing.
    expect((await second.jobs.runDailyGeneration()).ran).toBe(false);
    expect((await t.jobs.runDailyGeneration()).ran).toBe(false);
    const rows = await leases();
    expect(rows.map((row) => row.day)).toEqual(['2026-04-10']);
    expect(rows[0]!.finishedAt).not.toBeNull();
    expect([t.jobs.owner, second.jobs.owner]).toContain(rows[0]!.owner);
    expect(JSON.parse(rows[0]!.result!)).toMatchObject({ inserted: winner.result!.inserted });
  });

  it('runs again the next day, and a generation racing another inserts nothing twice', async () => {
    clock.set('2026-04-20T12:00:00Z');
    const [a, b] = await Promise.all([second.jobs.runDailyGeneration(), t.jobs.runDailyGeneration()]);
    expect([a.ran, b.ran].filter(Boolean)).toHaveLength(1);
    const count = (await allTasks(t, admin, { requirementId })).length;
    clock.set('2026-05-20T12:00:00Z');
    const first = await t.jobs.runGenerationNow();
    const again = await second.jobs.runGenerationNow();
    expect(first.inserted).toBeGreaterThan(0);
    expect(again.inserted).toBe(0);
    expect((await allTasks(t, admin, { requirementId })).length).toBe(count + first.inserted);
  });

  it('runs once when two separate processes check at the same moment', async () => {
    const script = path.resolve(import.meta.dirname, '../../test/daily-job-process.ts');
    const input = JSON.stringify({
      ...t.databaseLocation,
      dataDir: t.dataDir,
      now: '2026-07-15T12:00:00Z',
      startAt: Date.now() + 4000,
    });
    const runInProcess = () =>
      new Promise<{ ran: boolean; day: string; inserted: number }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script, input], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${err}`))));
      });
    const before = (await allTasks(t, admin, { requirementId })).length;
    const runs = await Promise.all([runInProcess(), runInProcess()]);
    expect(runs.map((run) => run.day)).toEqual(['2026-07-15', '2026-07-15']);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    const inserted = runs.reduce((sum, run) => sum + run.inserted, 0);
    expect(inserted).toBeGreaterThan(0);
    const tasks = await allTasks(t, admin, { requirementId });
    expect(tasks.length).toBe(before + inserted);
    expect(new Set(tasks.map((task) => task.sequence)).size).toBe(tasks.length);
    expect((await leases()).filter((lease) => lease.day === '2026-07-15')).toHaveLength(1);
  }, 60_000);

  it('takes over the lease of an instance that died mid-run, after an hour', async () => {
    const day = '2026-06-01';
    await t.database.db
      .insertInto('job_leases')
      .values({
        name: TASK_GENERATION_JOB,
        day,
        owner: 'dead-instance',
        acquiredAt: `${day}T00:05:00.000Z`,
        finishedAt: null,
        result: null,
      })
      .execute();
    clock.set(`${day}T00:30:00Z`);
    expect((await t.jobs.runDailyGeneration()).ran).toBe(false);
    clock.set(`${day}T01:10:00Z`);
    const [a, b] = await Promise.all([t.jobs.runDailyGeneration(), second.jobs.runDailyGeneration()]);
    expect([a.ran, b.ran].filter(Boolean)).toHaveLength(1);
    const row = (await leases()).find((lease) => lease.day === day)!;
    expect(row.owner).not.toBe('dead-instance');
    expect(row.finishedAt).not.toBeNull();
  });
});

describe('the daily session purge', () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    userId = (await t.createUser('FACILITY_USER')).id;
  });
  afterAll(() => t.close());

  const session = (id: string, ended: { expiresAt: string; revokedAt: string | null }) => ({
    id,
    userId,
    tokenHash: `hash-${id}`,
    createdAt: '2020-01-01T00:00:00.000Z',
    lastSeenAt: '2020-01-01T00:00:00.000Z',
    ip: null,
    userAgent: null,
    ...ended,
  });

  it('removes sessions that ended more than a day ago, once a day, and keeps the others', async () => {
    const hour = 3_600_000;
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
    await t.database.db
      .insertInto('sessions')
      .values([
        session('expired-long-ago', { expiresAt: at(-49 * hour), revokedAt: null }),
        session('revoked-long-ago', { expiresAt: at(100 * hour), revokedAt: at(-25 * hour) }),
        session('revoked-just-now', { expiresAt: at(100 * hour), revokedAt: at(-1 * hour) }),
        session('live', { expiresAt: at(100 * hour), revokedAt: null }),
      ])
      .execute();
    const ids = async () =>
      (
        await t.database.db
          .selectFrom('sessions')
          .select('id')
          .where('id', 'in', ['expired-long-ago', 'revoked-long-ago', 'revoked-just-now', 'live'])
          .execute()
      )
        .map((row) => row.id)
        .sort();
    expect((await t.jobs.runDailySessionPurge()).ran).toBe(true);
    expect(await ids()).toEqual(['live', 'revoked-just-now']);
    expect((await t.jobs.runDailySessionPurge()).ran).toBe(false);
  });
});

describe('POST /api/jobs/:name/run', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await createSignedInApp());
  });
  afterAll(() => t.close());

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'no-such-job'])(
    'answers 404 for %s, a name that is no job of its own, and writes no lease row',
    async (name) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/jobs/${name}/run`, headers: bearer(admin) });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
      expect(await t.database.db.selectFrom('job_leases').selectAll().execute()).toEqual([]);
    },
  );

  it('still runs a real job by name and records the run', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/session-purge/run',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    const leases = await t.database.db.selectFrom('job_leases').select('name').execute();
    expect(leases.map((lease) => lease.name)).toEqual(['session-purge']);
  });
});
