import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The bench server in its own process (server.ts beside this file), and its administrator's sign-in. */

export const BENCH_ADMIN_EMAIL = 'bench-admin@example.com';
const BENCH_ADMIN_PASSWORD = 'bench-admin-password-2026';

export interface BenchServer {
  child: ChildProcess;
  appPort: number;
  barePort: number;
}

/** The environment of the bench: this process's (or `source`), with the bench's data directory, administrator and log level. */
export function benchEnv(source: Record<string, string | undefined> = process.env): Record<string, string> {
  const defined = Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return {
    ...Object.fromEntries(defined),
    DATA_DIR: source.DATA_DIR ?? path.resolve('data-bench'),
    ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    LOG_LEVEL: source.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
  };
}

/**
 * The bench server of this checkout, or of another one (`root`: a checkout of another version with its packages
 * installed, as the paired comparison starts it), run from its own directory so that its own settings apply.
 */
export async function startServer(env: Record<string, string>, root?: string): Promise<BenchServer> {
  const script = root
    ? path.join(root, 'apps/server/src/cli/bench/server.ts')
    : path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
  // BENCH_SERVER_ARGS: more Node flags for the server process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  // --expose-gc: the soak reads the server's memory after a collection.
  const flags = ['--expose-gc', ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', script], {
    env,
    ...(root ? { cwd: root } : {}),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const ports = await new Promise<{ appPort: number; barePort: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{"appPort"')) resolve(JSON.parse(line) as { appPort: number; barePort: number });
    });
  });
  return { child, ...ports };
}

export async function stopServer(server: BenchServer): Promise<void> {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}

export async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN_EMAIL, password: BENCH_ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** The server started, its administrator signed in, `run`, then the server stopped. */
export async function withServer<T>(
  env: Record<string, string>,
  run: (server: { base: string; barePort: number }, token: string) => Promise<T>,
): Promise<T> {
  const server = await startServer(env);
  const base = `http://127.0.0.1:${server.appPort}`;
  try {
    return await run({ base, barePort: server.barePort }, await signIn(base));
  } finally {
    await stopServer(server);
  }
}
