import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, ADMIN_EMAIL, type TestApp } from '../test/test-app';

/** `npm run job -- <name>` as a scheduler runs it: its own process, the server's environment. */
function runJob(t: TestApp, args: string[], env: Record<string, string> = {}) {
  const script = path.resolve(import.meta.dirname, 'job.ts');
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: t.databaseLocation.url,
        DATA_DIR: t.dataDir,
        ADMIN_EMAIL,
        ADMIN_PASSWORD: TEST_PASSWORD,
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('npm run job -- <name> (SQLite file shared with a running app)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs the daily job once under the same lease as the instances, and reports the second call as already done', async () => {
    const first = await runJob(t, ['session-purge']);
    expect(first.code, first.err).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(JSON.parse(first.out)).toEqual({ job: 'session-purge', ran: true, day: today, result: { purged: true } });

    const second = await runJob(t, ['session-purge']);
    expect(second.code, second.err).toBe(0);
    expect(JSON.parse(second.out)).toMatchObject({ job: 'session-purge', ran: false, day: today });
    // The instance's own timer would find the job done too.
    expect((await t.jobs.runDailyJob('session-purge')).ran).toBe(false);
  }, 60_000);

  it('refuses an unknown job name with the list of names (exit 64), and warns about a misspelt variable', async () => {
    const unknown = await runJob(t, ['task-generaton'], { SESION_IDLE_MINUTES: '5' });
    expect(unknown.code).toBe(64);
    expect(unknown.err).toContain('task-generation, session-purge');

    const warned = await runJob(t, ['session-purge'], { SESION_IDLE_MINUTES: '5' });
    expect(warned.code, warned.err).toBe(0);
    expect(warned.err).toContain('SESION_IDLE_MINUTES is not a setting RTMS reads; did you mean SESSION_IDLE_MINUTES?');
  }, 60_000);
});
