import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { createDatabase } from '../../db/database';
import { WRITE_LOCK } from '../../db/unit-of-work';
import { isUnreachable } from '../../platform/db-errors';
import { allTasks, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { testClock } from '../../test/test-clock';
import { ADMIN_EMAIL, createTestApp, testDialect, type TestApp } from '../../test/test-app';
import { TASK_GENERATION_JOB } from './jobs.service';

/**
 * Decision 038: with the database gone, the daily jobs and the reminder sender fail their turn (the scheduler logs
 * it) without taking the process down, and run at their next turn once it is back, even when the database went
 * away in the middle of a daily run that had taken the day's lease.
 */
describe.runIf(testDialect() === 'postgres')('the jobs skip their turn while the database is away', () => {
  const clock = testClock('2026-03-10T12:00:00Z');
  let t: TestApp;
  let proxy: TcpProxy;
  /** A second instance, reaching PostgreSQL through the proxy. */
  let cutOff: App;
  let admin: string;
  let requirementId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { now: clock });
    const { url, schema } = t.databaseLocation;
    const direct = new URL(url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const database = createDatabase(proxied.toString(), { schema });
    database.onConnectionError(() => undefined);
    cutOff = await buildApp(t.config, { database, serveWebApp: false, now: clock });
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
    proxy?.restore();
    await cutOff?.close();
    await proxy?.close();
    await t?.close();
  });

  const lease = (day: string) =>
    t.database.db
      .selectFrom('job_leases')
      .selectAll()
      .where('name', '=', TASK_GENERATION_JOB)
      .where('day', '=', day)
      .executeTakeFirst();
  const unreachable = (run: Promise<unknown>) =>
    run.then(
      () => 'ran',
      (error: unknown) => (isUnreachable(error) ? 'unreachable' : error),
    );

  it('fails the daily jobs, the sweep and the sender while cut off, and runs them once the database is back', async () => {
    clock.set('2026-04-10T12:00:00Z');
    proxy.cut();
    expect(await unreachable(cutOff.jobs.runDailyJob(TASK_GENERATION_JOB))).toBe('unreachable');
    expect(await unreachable(cutOff.jobs.runScheduledSweep())).toBe('unreachable');
    expect(await unreachable(cutOff.notifications.send())).toBe('unreachable');
    expect(await lease('2026-04-10')).toBeUndefined();

    proxy.restore();
    const before = (await allTasks(t, admin, { requirementId })).length;
    const run = await cutOff.jobs.runDailyJob(TASK_GENERATION_JOB);
    expect(run.ran).toBe(true);
    expect((run.result as { inserted: number }).inserted).toBeGreaterThan(0);
    expect((await allTasks(t, admin, { requirementId })).length).toBeGreaterThan(before);
    expect((await cutOff.jobs.runScheduledSweep()).ran).toBe(true);
    await cutOff.notifications.send();
  });

  it('gives back the lease of a daily run that lost its database, so that the next turn runs it', async () => {
    const day = '2026-05-10';
    clock.set(`${day}T12:00:00Z`);
    // Another writer holds the write lock: the generation takes its lease, then waits in its first unit of work.
    const holder = new pg.Client({ connectionString: t.databaseLocation.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock($1)', [WRITE_LOCK]);
    const before = (await allTasks(t, admin, { requirementId })).length;
    const running = unreachable(cutOff.jobs.runDailyJob(TASK_GENERATION_JOB));
    const deadline = Date.now() + 10_000;
    while (!(await lease(day)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await lease(day)).toMatchObject({ owner: cutOff.jobs.owner, finishedAt: null });
    await new Promise((resolve) => setTimeout(resolve, 300));

    // The database goes away mid-run: the run fails, and its lease cannot be given back yet.
    proxy.cut();
    expect(await running).toBe('unreachable');
    await holder.query('rollback');
    await holder.end();
    expect(await lease(day)).toMatchObject({ owner: cutOff.jobs.owner, finishedAt: null });

    // Back: the next turn gives the lease back and runs the job, instead of skipping it for an hour.
    proxy.restore();
    const caughtUp = await cutOff.jobs.runDailyJob(TASK_GENERATION_JOB);
    expect(caughtUp.ran).toBe(true);
    expect((caughtUp.result as { inserted: number }).inserted).toBeGreaterThan(0);
    expect((await allTasks(t, admin, { requirementId })).length).toBeGreaterThan(before);
    expect(await lease(day)).toMatchObject({ owner: cutOff.jobs.owner, finishedAt: expect.any(String) as string });
    // Done for the day, on either instance.
    expect((await t.jobs.runDailyJob(TASK_GENERATION_JOB)).ran).toBe(false);
  });
});
