// `npm run dev`: the development loop. Starts the API (tsx watch: restarted on every server or shared change)
// and the Vite dev server (hot reload of the web app; /api proxied to the API) together, on a SQLite database
// of its own in ./data-dev (DATA_DIR to choose another folder). `npm run dev -- --demo` loads the demo data
// into it first. Ctrl-C stops both; when one of them stops, the other is stopped too.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const env = {
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: process.env.DATA_DIR || path.join(root, 'data-dev'),
  // Always SQLite: a DATABASE_URL from the shell (a production database) is not used by the dev loop.
  DATABASE_URL: '',
  PORT: process.env.PORT || '3000',
};

if (process.argv.includes('--demo')) {
  const demo = spawnSync(bin('tsx'), ['apps/server/src/cli/demo.ts'], { cwd: root, env, stdio: 'inherit' });
  if (demo.status !== 0) process.exit(demo.status ?? 1);
}

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/server.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'apps/web'), env, stdio: 'inherit' }),
];
process.stdout.write(
  `RTMS dev: API on http://localhost:${env.PORT}, web app on http://localhost:5173 (data in ${env.DATA_DIR})\n`,
);

let stopping = false;
const stopAll = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
