import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { tempDirPerTest } from '../test/temp-dir';
import { runDemo } from './demo/run-demo';

/**
 * `npm run demo` beside a server on the same SQLite file (it once failed with a database error about 1 time in
 * 8 beside a starting server). One of the two is always its own process, as `npm start` and `npm run demo`
 * run; twenty runs beside a running server keep the demo in the test's process (its own database handle)
 * to stay fast.
 */

const SERVER = path.resolve(import.meta.dirname, '../server.ts');
const DEMO = path.resolve(import.meta.dirname, 'demo.ts');
const ADMIN = { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'a long passphrase for tests' };

function environment(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, NODE_ENV: 'production', ...ADMIN, ...extra };
}

/** One `npm run demo -- --size=small` in this process: its own database handle, as its own process has. */
async function demoRun(dataDir: string): Promise<{ ok: boolean; out: string; err: string }> {
  let out = '';
  try {
    await runDemo(environment(dataDir), ['--size=small'], (text) => (out += text));
    return { ok: true, out, err: '' };
  } catch (error) {
    return { ok: false, out, err: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/** `npm run demo -- --size=small` as its own process. */
function demoProcess(dataDir: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', DEMO, '--size=small'], {
      env: environment(dataDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

/** Starts the server on a free port; answers the process and a promise of its address once it serves. */
function startServer(dataDir: string): { child: ChildProcess; address: Promise<string>; log: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: environment(dataDir, { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const address = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      const serving = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (serving) resolve(serving[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`server exited (${String(code)}): ${log.slice(-2000)}`)));
  });
  return { child, address, log: () => log };
}

describe('npm run demo beside a running or starting server (SQLite)', () => {
  const temp = tempDirPerTest('rtms-demo-beside-');
  let server: ReturnType<typeof startServer> | undefined;
  const stopServer = async () => {
    const child = server?.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  };
  afterAll(stopServer);

  it('runs beside a server starting on a new file, three times: both migrate and write it at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const dataDir = path.join(temp.dir, `round-${round}`);
      fs.mkdirSync(dataDir);
      const config = loadConfig(environment(dataDir, { LOG_LEVEL: 'silent' }));
      // The demo as its own process: a lock wait in one process must not stop the other (in one process,
      // better-sqlite3's synchronous wait would hold up the connection it waits for).
      const [demo, started] = await Promise.all([
        demoProcess(dataDir),
        buildApp(config, { print: () => undefined, serveWebApp: false }).then(
          async (app) => {
            await app.app.listen({ port: 0, host: '127.0.0.1' });
            return { app, error: undefined };
          },
          (error: unknown) => ({ app: undefined, error }),
        ),
      ]);
      await started.app?.close();
      expect({ round, demo: demo.err.slice(0, 800), server: String(started.error ?? '') }).toEqual({
        round,
        demo: '',
        server: '',
      });
      expect(demo.out).toContain('Demo data loaded.');
    }
  }, 300_000);

  it('runs 20 times without a failure: the first while the server starts on a new file, the others while it writes', async () => {
    const dataDir = temp.dir;
    server = startServer(dataDir);
    // The first run starts with the server: both migrate and write the same new file at once.
    const results = [await demoRun(dataDir)];
    const base = await server.address;

    // The server keeps writing (program areas through its API, each with its audit event) while the other
    // nineteen runs, one after the other as a person runs them, migrate (a write transaction each) and
    // read and write beside it.
    const signIn = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    let writing = true;
    const writes: number[] = [];
    const writer = (async () => {
      for (let n = 0; writing; n += 1) {
        const response = await fetch(`${base}/api/program-areas`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name: `Beside the demo ${n}` }),
        });
        writes.push(response.status);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    while (results.length < 20) results.push(await demoRun(dataDir));
    writing = false;
    await writer;

    const failures = results.filter((result) => !result.ok).map((result) => result.err.slice(0, 500));
    expect(failures).toEqual([]);
    expect(results).toHaveLength(20);
    expect(results.every((result) => result.out.includes('Demo data loaded.'))).toBe(true);
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((status) => status !== 201)).toEqual([]);
    expect(server.log()).not.toMatch(/database is locked/);
    await stopServer();
  }, 300_000);
});
