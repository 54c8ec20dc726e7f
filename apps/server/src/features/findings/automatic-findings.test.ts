import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding, FindingDetail } from '@rtms/shared/schemas/findings';
import { buildApp, type App } from '../../app';
import { call, ok } from '../../test/api-calls';
import { createFacility, monthlyAt } from '../../test/compliance-fixtures';
import { signedInSuiteAt } from '../../test/signed-in-suite';

/**
 * Automatic findings: a task past its grace opens one MISSED_TASK finding however many sweeps, restarts and
 * instances meet; a late completion opens one LATE_COMPLETION finding with its days late; later completions and
 * reopenings are events on the finding; each source can be turned off.
 */
const suite = signedInSuiteAt('2026-03-10T12:00:00Z');
let facilityId: string;
let second: App;

beforeAll(async () => {
  facilityId = await createFacility(suite.t, suite.admin);
  // A second instance of the app on the same database, as behind a load balancer.
  second = await buildApp(suite.t.config, { database: suite.t.reopenDatabase(), serveWebApp: false, now: suite.clock });
});
afterAll(() => second.close());

/** One sweep in a process of its own on the suite's database, all starting at the same moment. */
function sweepInProcess(now: string, startAt: number): Promise<{ opened: number }> {
  const script = path.resolve(import.meta.dirname, '../../test/daily-job-process.ts');
  const input = JSON.stringify({
    ...suite.t.databaseLocation,
    dataDir: suite.t.dataDir,
    now,
    startAt,
    job: 'findings-sweep',
  });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, input], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${err}`))));
  });
}

const findingsOf = async (query: Record<string, string>) =>
  (
    await call<{ data: Finding[]; meta: { total: number } }>(
      suite.t,
      suite.admin,
      'GET',
      `/api/findings?${new URLSearchParams({ pageSize: '100', ...query })}`,
    )
  ).body;

describe('missed tasks', () => {
  let requirementId: string;
  let firstTask: string;
  let secondTask: string;

  beforeAll(async () => {
    suite.clock.set('2026-03-10T12:00:00Z');
    const { data, tasks } = await monthlyAt(suite, facilityId, '2026-03-20', {
      graceDays: 3,
      title: 'Monthly SPCC walk',
    });
    requirementId = data._id;
    firstTask = tasks[0]!._id;
    secondTask = tasks[1]!._id;
  });

  it('opens nothing while the task is within its grace', async () => {
    suite.clock.set('2026-03-23T12:00:00Z');
    await suite.t.findings.sweep();
    expect((await findingsOf({ taskId: firstTask })).meta.total).toBe(0);
  });

  it('opens exactly one finding per missed task across two racing processes and repeated sweeps', async () => {
    suite.clock.set('2026-03-24T12:00:00Z');
    const at = Date.now() + 5000;
    const runs = await Promise.all([
      sweepInProcess('2026-03-24T12:00:00Z', at),
      sweepInProcess('2026-03-24T12:00:00Z', at),
    ]);
    expect(runs.reduce((sum, run) => sum + run.opened, 0)).toBe(1);
    const again = await Promise.all([suite.t.findings.sweep(), suite.t.findings.sweep()]);
    expect(again.map((run) => run.opened)).toEqual([0, 0]);
    expect((await second.findings.sweep()).opened).toBe(0);
    // The reminders job (scheduled sweep and "run now") sweeps findings too.
    await ok(suite.t, suite.admin, 'POST', '/api/jobs/reminders/run');
    const page = await findingsOf({ taskId: firstTask });
    expect(page.meta.total).toBe(1);
    const [finding] = page.data;
    expect(finding).toMatchObject({
      source: 'MISSED_TASK',
      status: 'OPEN',
      severity: 'HIGH',
      facilityId,
      requirementId,
      identifiedOn: '2026-03-24',
    });
    expect(finding!.title).toContain('Monthly SPCC walk');
    const rows = await suite.t.database.db
      .selectFrom('findings')
      .select('id')
      .where('taskId', '=', firstTask)
      .execute();
    expect(rows).toHaveLength(1);
    // Its creation is audited once, by the system.
    const detail = await ok<FindingDetail>(suite.t, suite.admin, 'GET', `/api/findings/${finding!._id}`);
    expect(detail.history.filter((event) => event.action === 'CREATE')).toHaveLength(1);
  }, 60_000);

  it('catches up after downtime: every task past its grace gets its finding at the next sweep', async () => {
    // Nothing ran for two months: the April task was missed meanwhile.
    suite.clock.set('2026-05-26T12:00:00Z');
    const run = await second.findings.sweep();
    expect(run.opened).toBeGreaterThanOrEqual(2);
    const second_ = await findingsOf({ taskId: secondTask });
    expect(second_.meta.total).toBe(1);
    expect(second_.data[0]!.identifiedOn).toBe('2026-04-24');
    expect((await suite.t.findings.sweep()).opened).toBe(0);
  });

  it('records a later completion and a reopening on the finding, never a second finding', async () => {
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${firstTask}/complete`, { completionNote: 'Walked at last' });
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${firstTask}/reopen`, { reason: 'Wrong site' });
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${firstTask}/complete`, {});
    await suite.t.findings.sweep();
    const page = await findingsOf({ taskId: firstTask });
    expect(page.meta.total).toBe(1);
    const detail = await ok<FindingDetail>(suite.t, suite.admin, 'GET', `/api/findings/${page.data[0]!._id}`);
    expect(detail.history.map((event) => event.action)).toEqual(['CREATE', 'COMPLETE', 'REOPEN', 'COMPLETE']);
    expect(detail.history[1]!.changes).toMatchObject({ timeliness: { after: 'MISSED' } });
  });
});

describe('a facility loaded with its history', () => {
  it('opens no finding for what was missed before its go-live day, and one for each miss after it', async () => {
    suite.clock.set('2026-06-01T12:00:00Z');
    const site = await createFacility(suite.t, suite.admin);
    // Two years of monthly history loaded at once, the site live from 1 June.
    await ok(suite.t, suite.admin, 'PATCH', `/api/facilities/${site}`, { notifyFrom: '2026-06-01' });
    const { tasks } = await monthlyAt(suite, site, '2024-06-10', {
      graceDays: 3,
      title: 'Monthly history walk',
      backfillFrom: '2024-06-01',
    });
    expect(tasks.filter((task) => task.dueDate < '2026-06-01').length).toBeGreaterThan(20);
    await suite.t.findings.sweep();
    expect((await findingsOf({ facilityId: site })).meta.total).toBe(0);
    // June's task passes its grace after the go-live: that one is a finding.
    suite.clock.set('2026-06-20T12:00:00Z');
    await suite.t.findings.sweep();
    const page = await findingsOf({ facilityId: site });
    expect(page.data.map((finding) => [finding.source, finding.identifiedOn])).toEqual([['MISSED_TASK', '2026-06-14']]);
  });
});

describe('late completions', () => {
  let tasks: string[];

  beforeAll(async () => {
    suite.clock.set('2026-06-01T12:00:00Z');
    const created = await monthlyAt(suite, facilityId, '2026-06-10', { graceDays: 5 });
    tasks = created.tasks.map((task) => task._id);
  });

  it('opens one LATE_COMPLETION finding stating the days late', async () => {
    suite.clock.set('2026-06-12T12:00:00Z');
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${tasks[0]}/complete`, {});
    const page = await findingsOf({ taskId: tasks[0]!, source: 'LATE_COMPLETION' });
    expect(page.meta.total).toBe(1);
    expect(page.data[0]).toMatchObject({ daysLate: 2, severity: 'LOW', identifiedOn: '2026-06-12', status: 'OPEN' });
    expect(page.data[0]!.description).toContain('2 days after its due date 2026-06-10');
    // Reopened and completed late again: still one finding, the new completion recorded on it.
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${tasks[0]}/reopen`, {});
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${tasks[0]}/complete`, {});
    expect((await findingsOf({ taskId: tasks[0]! })).meta.total).toBe(1);
  });

  it('opens none for a completion on time', async () => {
    suite.clock.set('2026-07-10T12:00:00Z');
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${tasks[1]}/complete`, {});
    expect((await findingsOf({ taskId: tasks[1]! })).meta.total).toBe(0);
  });

  it('a missed completion before any sweep saw it opens its MISSED_TASK finding', async () => {
    suite.clock.set('2026-08-20T12:00:00Z');
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${tasks[2]}/complete`, {});
    const page = await findingsOf({ taskId: tasks[2]! });
    expect(page.data.map((finding) => finding.source)).toEqual(['MISSED_TASK']);
  });
});

describe('settings turn each automatic source off', () => {
  it('answers 403 to all but the all-facility administrator and stops the source', async () => {
    const user = await suite.t.createUser('ALL_FACILITY_USER');
    const token = await suite.t.signIn(user.email);
    const denied = await call(suite.t, token, 'PUT', '/api/finding-settings', {
      missedTaskFindings: false,
      lateCompletionFindings: false,
    });
    expect(denied.status).toBe(403);
    const bad = await call(suite.t, suite.admin, 'PUT', '/api/finding-settings', { missedTaskFindings: 'no' });
    expect(bad.status).toBe(400);
    await ok(suite.t, suite.admin, 'PUT', '/api/finding-settings', {
      missedTaskFindings: false,
      lateCompletionFindings: false,
    });
    expect(await ok(suite.t, token, 'GET', '/api/finding-settings')).toEqual({
      missedTaskFindings: false,
      lateCompletionFindings: false,
    });

    suite.clock.set('2026-09-01T12:00:00Z');
    const { tasks } = await monthlyAt(suite, facilityId, '2026-09-10', { graceDays: 2 });
    suite.clock.set('2026-09-11T12:00:00Z');
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${tasks[0]!._id}/complete`, {});
    suite.clock.set('2026-10-20T12:00:00Z');
    expect((await suite.t.findings.sweep()).opened).toBe(0);
    expect((await findingsOf({ taskId: tasks[0]!._id })).meta.total).toBe(0);
    expect((await findingsOf({ taskId: tasks[1]!._id })).meta.total).toBe(0);

    // Turned on again, the sweep catches up with the miss.
    await ok(suite.t, suite.admin, 'PUT', '/api/finding-settings', {
      missedTaskFindings: true,
      lateCompletionFindings: true,
    });
    expect((await suite.t.findings.sweep()).opened).toBeGreaterThanOrEqual(1);
    expect((await findingsOf({ taskId: tasks[1]!._id })).meta.total).toBe(1);
  });
});
