/**
 * The mixed load's turns of the event loop: the app serves a copy of a bench database on a port;
 * autocannon processes ask the Tasks Tracker's first page, the dashboard and the calendar's month while a task is
 * completed every `PROBE_WRITE_MS`; every turn of a 1 ms timer in the server records the process's CPU since the
 * previous one (a long gap with little CPU is the scheduler), and the turns of the most CPU are printed with the
 * requests that finished in them.
 * `DATA_DIR=<copy> tsx apps/server/src/cli/bench/mixed-turns-probe.ts`
 */
import { spawn } from 'node:child_process';
import { addDays, addMonthsClamped, todayInTimeZone } from '@rtms/shared/calendar-date';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';

async function main(): Promise<void> {
  const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' } as Record<string, string>;
  const config = loadConfig(env);
  const built = await buildApp(config, { serveWebApp: false, scheduleJobs: false, print: () => {} });
  const { app } = built;
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: {
      email: env.ADMIN_EMAIL ?? 'bench-admin@example.com',
      password: env.ADMIN_PASSWORD ?? 'bench-admin-password-2026',
    },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const today = todayInTimeZone('America/Chicago');
  const from = `${today.slice(0, 8)}01`;
  const to = addDays(addMonthsClamped(from, 1), -1);
  const open = await app.inject({
    url: `/api/tasks?status=INCOMPLETE&dueFrom=${today}&pageSize=200&sort=-dueDate`,
    headers,
  });
  const ids = (open.json() as { data: { _id: string }[] }).data.map((task) => task._id);
  const urls = ['/api/tasks', '/api/tasks/summary', `/api/calendar/days?from=${from}&to=${to}`];

  let finished: string[] = [];
  let last = { at: performance.now(), cpu: process.cpuUsage() };
  const warm = performance.now() + 2000;
  const turns: { cpu: number; gap: number; finished: string[] }[] = [];
  const ticker = setInterval(() => {
    const now = { at: performance.now(), cpu: process.cpuUsage() };
    const cpu = (now.cpu.user - last.cpu.user + now.cpu.system - last.cpu.system) / 1000;
    // The first two seconds are the warm-up (compilation, first statements, first answers): not counted.
    if (now.at > warm) turns.push({ cpu, gap: now.at - last.at, finished });
    finished = [];
    last = now;
  }, 1);
  let next = 0;
  const writer = setInterval(
    () => {
      const id = ids[next++ % ids.length];
      void app
        .inject({ method: 'POST', url: `/api/tasks/${id}/complete`, headers, payload: { completionNote: 'probe' } })
        .then((response) => finished.push(`complete ${response.statusCode}`));
    },
    Number(process.env.PROBE_WRITE_MS ?? 1000),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  app.server.on('request', (request, response) => {
    response.once('finish', () => finished.push((request.url ?? '').split('?')[0]!));
  });
  const seconds = Number(process.env.PROBE_SECONDS ?? 10);
  await Promise.all(
    urls.map(
      (url) =>
        new Promise((resolve) => {
          const child = spawn(
            'node_modules/.bin/autocannon',
            [
              '-c',
              process.env.PROBE_CONNECTIONS ?? '5',
              '-d',
              String(seconds),
              '-H',
              `authorization=Bearer ${token}`,
              `${base}${url}`,
            ],
            { stdio: 'ignore' },
          );
          child.once('exit', resolve);
        }),
    ),
  );
  clearInterval(writer);
  clearInterval(ticker);
  turns.sort((a, b) => b.cpu - a.cpu);
  process.stdout.write(`turns: ${turns.length}; the ten of most CPU:\n`);
  for (const turn of turns.slice(0, 10)) {
    const counts = new Map<string, number>();
    for (const name of turn.finished) counts.set(name, (counts.get(name) ?? 0) + 1);
    process.stdout.write(
      `  CPU ${turn.cpu.toFixed(1)} ms in a gap of ${turn.gap.toFixed(1)} ms; finished: ${JSON.stringify([...counts])}\n`,
    );
  }
  await built.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
