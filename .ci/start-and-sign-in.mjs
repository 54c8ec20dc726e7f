// CI: starts the built product the way a user does (`npm start` on an already built checkout), signs in
// and checks the session, then stops it with SIGTERM. Run with the Node.js under test first on PATH.
// Fails when the start rebuilds (it must not on a built, unchanged checkout) or takes more than 15 s.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const email = 'admin@ci.test';
const password = 'ci-admin-password-1';

const port = await new Promise((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-ci-start-'));
const started = Date.now();
const child = spawn('npm', ['start'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  // Its own process group, stopped as a terminal's Ctrl-C or a service manager would stop it: npm and the
  // server both get the signal (npm does not pass SIGTERM on to the script it runs).
  detached: true,
});
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));

const fail = (message) => {
  console.error(`${message}\n--- output of npm start ---\n${output}`);
  process.kill(-child.pid, 'SIGKILL');
  process.exit(1);
};

const base = `http://127.0.0.1:${port}`;
for (;;) {
  if (child.exitCode !== null) fail(`npm start exited with ${child.exitCode}`);
  if (Date.now() - started > 15_000) fail('not ready 15 s after npm start');
  const ready = await fetch(`${base}/api/ready`).then(
    (response) => response.ok,
    () => false,
  );
  if (ready) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const startedIn = Date.now() - started;
if (output.includes('building first')) fail('npm start rebuilt an already built, unchanged checkout');

const login = await fetch(`${base}/api/users/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password }),
});
if (login.status !== 200) fail(`sign-in answered ${login.status}: ${await login.text()}`);
const { data } = await login.json();
const me = await fetch(`${base}/api/users/auth/me`, {
  method: 'POST',
  headers: { authorization: `Bearer ${data.token}` },
});
if (me.status !== 200 || (await me.json()).data.email !== email) fail(`auth/me answered ${me.status}`);
const page = await fetch(`${base}/signin`);
if (page.status !== 200 || !(await page.text()).includes('<div id="root">')) fail('the web app is not served');

const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
process.kill(-child.pid, 'SIGTERM');
const code = await exited;
fs.rmSync(dataDir, { recursive: true, force: true });
// npm ends by the signal itself; the server must have shut down and closed its port.
if (code !== 0 && code !== 'SIGTERM') fail(`npm start did not stop cleanly on SIGTERM (${code})`);
await new Promise((resolve) => setTimeout(resolve, 500));
if (
  await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  )
)
  fail('the server still answers after SIGTERM');
// A native module that aborts at exit (Node prints its assertion and a native stack) is a failure too.
if (/Assertion failed|Native stack trace/.test(output)) fail('the server aborted while stopping');
console.log(
  `Node ${process.version}: npm start served the built product after ${startedIn} ms; signed in as ${email}.`,
);
