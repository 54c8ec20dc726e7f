/**
 * `npm run bench`: the project's own benchmark. Seeds, once, 200 facilities and 2,000
 * requirements each bound to 20 facilities (SQLite under DATA_DIR, default ./data-bench, or PostgreSQL
 * when DATABASE_URL is set); generates their tasks (about 500,000) from scratch and times it; times a
 * re-run that finds nothing to do; then serves the app from a separate process and measures, under 50
 * concurrent connections, the Tasks Tracker's first page, a filtered page, a deep page and a task
 * completion, and the calendar's day counts of a month (GET /api/calendar/days), beside a bare Fastify
 * JSON endpoint measured in the same run; then the mixed load (bench/mixed-load.ts): the list, the
 * dashboard and the calendar read together while one task is completed per second, with the server's
 * longest event-loop delay.
 *
 * Beside them it seeds 50,000 documents and 500,000 audit events and times the other lists.
 *
 * Options (environment): BENCH_DURATION seconds per measurement (default 10), BENCH_CONNECTIONS
 * (default 50), BENCH_KEEP_TASKS=1 to skip the regeneration when tasks exist, BENCH_ONLY=sweep to stop
 * after the reminder sweep (no server, no load), BENCH_ONLY=mixed to run only the mixed load (no sweep,
 * no other measurement), BENCH_TASKS the size of the tasks table (default 500000;
 * 100000 seeds a fifth of the requirements), BENCH_GROWTH=1 to run at 100,000 and then at 500,000 tasks
 * and print how each figure grows. After the other measurements a soak (bench/soak.ts) varies scopes, filters,
 * orders, pages and searches for BENCH_SOAK_SECONDS (default 600; 0 skips it) and prints the server's
 * memory at its start and end; BENCH_ONLY=soak runs the soak alone (a short one proves it runs:
 * `BENCH_TASKS=20000 BENCH_ONLY=soak BENCH_SOAK_SECONDS=20`); BENCH_ONLY=reports runs only the reports'
 * measurement (bench/reports.ts: scorecard and trend at 20 connections beside bare Fastify).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { addDays, addMonthsClamped, todayInTimeZone } from '@rtms/shared/calendar-date';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { findUserByEmail } from '../features/users/users.repository';
import { analyze, completeMostHistory, countRows, resetTasks } from './bench/bench.repository';
import { runLoad, type LoadResult } from './bench/load';
import { runMixedLoad, type MixedLoadResult } from './bench/mixed-load';
import { cpuPerRequest } from './bench/server-cpu';
import type { SqlFloor } from './bench/sql-floor';
import { BENCH_MAIL_SINK, timeReminderSweeps, timeSender } from './bench/reminder-sweep';
import { LIST_SEED_SIZES, measureLists, seedLists } from './bench/lists';
import { measureReports } from './bench/reports';
import { printGrowth, type Figure } from './bench/growth';
import { BENCH_REQUIREMENTS, seedBench } from './bench/seed';
import { runSoak, seedSoakUsers, type SoakResult } from './bench/soak';

/** What Chromium sends (and every current browser sends brotli and gzip). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const BENCH_ADMIN_EMAIL = 'bench-admin@example.com';
const BENCH_ADMIN_PASSWORD = 'bench-admin-password-2026';

const print = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

function benchEnv(): Record<string, string> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: process.env.DATA_DIR ?? path.resolve('data-bench'),
    ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
  };
  return env;
}

async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; appPort: number; barePort: number }> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench', 'server.ts');
  // BENCH_SERVER_ARGS: more Node flags for the server process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  // --expose-gc: the soak reads the server's memory after a collection.
  const flags = ['--expose-gc', ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', script], {
    env,
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

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN_EMAIL, password: BENCH_ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function row(result: LoadResult & { cpuMsPerRequest?: number }, bare?: LoadResult): string {
  if (result.requests === 0) return `${result.name.padEnd(34)} no answer within the run (${result.errors} errors)`;
  const cells = [
    result.name.padEnd(34),
    (result.cpuMsPerRequest === undefined ? '—' : result.cpuMsPerRequest.toFixed(2)).padStart(8),
    result.p50.toFixed(1).padStart(8),
    result.p95.toFixed(1).padStart(8),
    result.p99.toFixed(1).padStart(8),
    Math.round(result.rps).toString().padStart(8),
    bare ? `${(bare.rps / result.rps).toFixed(1)}×`.padStart(9) : '        —',
    `${result.requests}${result.non2xx || result.errors ? ` (${result.non2xx} non-2xx, ${result.errors} errors)` : ''}`.padStart(
      10,
    ),
  ];
  return cells.join(' ');
}

/** About 245 tasks per bench requirement (2,000 make about 490,000). */
const TASKS_AT_FULL_SIZE = 500_000;

async function main(): Promise<void> {
  const env = benchEnv();
  const config = loadConfig(env);
  const dialect = config.databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL';
  print(`RTMS benchmark on ${dialect} (${config.databaseUrl.replace(/\/\/[^@]*@/, '//…@')})`);
  const sizes = process.env.BENCH_GROWTH === '1' ? [100_000, 500_000] : [Number(process.env.BENCH_TASKS ?? 500_000)];
  if (sizes.some((size) => !(size >= 1000 && size <= TASKS_AT_FULL_SIZE))) {
    throw new Error('BENCH_TASKS must be a number of tasks from 1000 to 500000');
  }
  const runs: { tasks: number; figures: Figure[] }[] = [];
  for (const size of sizes) {
    const requirements = Math.round((BENCH_REQUIREMENTS * size) / TASKS_AT_FULL_SIZE);
    print();
    print(`=== About ${size.toLocaleString('en-US')} tasks (${requirements} requirements) ===`);
    const figures = await runOnce(env, requirements);
    runs.push({ tasks: figures.find((figure) => figure.name === 'tasks')!.value, figures });
  }
  if (runs.length > 1) printGrowth(print, runs);
}

async function runOnce(env: Record<string, string>, requirementCount: number): Promise<Figure[]> {
  const config = loadConfig(env);
  const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
  // The mixed load makes one write a second, nine kinds in turn: give it time to make each kind several times.
  const mixedSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? Math.max(60, durationSeconds));
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const figures: Figure[] = [];
  print(`Machine: ${os.cpus().length} CPUs, load average ${loadAverage()} at start`);

  // Seed and generate in this process; the server then runs in its own process. Mail from this process (the
  // sender's timing) goes to an in-process sink unless SMTP_URL names a server.
  const built = await buildApp(
    // Seeding runs statements far longer than a request's: no time limit on them here.
    { ...config, databaseQueryTimeoutMs: 0, smtp: { ...config.smtp, url: config.smtp.url || BENCH_MAIL_SINK } },
    { serveWebApp: false, scheduleJobs: false, print: () => {} },
  );
  const { db } = built.database;
  const today = todayInTimeZone('America/Chicago');
  let started = Date.now();
  const seed = await seedBench(db, today, requirementCount);
  print(
    seed.seeded
      ? `Seeded ${seed.facilities} facilities, ${seed.requirements} requirements, ${seed.bindings} bindings in ${seconds(Date.now() - started)}`
      : `Seed present: ${seed.facilities} facilities, ${seed.requirements} requirements, ${seed.bindings} bindings`,
  );

  const admin = (await findUserByEmail(db, BENCH_ADMIN_EMAIL))!;
  started = Date.now();
  const listed = await seedLists(db, admin);
  print(
    `List data (${LIST_SEED_SIZES}): ${listed.documents} documents and ${listed.auditEvents} events added in ${seconds(Date.now() - started)}`,
  );
  const existingTasks = await countRows(db, 'tasks');
  const seededNow = seed.seeded || seed.resized;
  if (existingTasks > 0 && process.env.BENCH_KEEP_TASKS === '1' && !seededNow) {
    print(`Keeping the ${existingTasks} existing tasks (BENCH_KEEP_TASKS=1): generation not timed`);
  } else {
    if (existingTasks > 0) {
      started = Date.now();
      await resetTasks(db);
      print(`Removed ${existingTasks} tasks from a previous run in ${seconds(Date.now() - started)}`);
    }
    started = Date.now();
    const generation = await built.jobs.runGenerationNow();
    const generationMs = Date.now() - started;
    figures.push({ name: 'Generation', value: generationMs / 1000, unit: 's' });
    print(
      `Generation: ${generation.inserted} tasks for ${generation.series} series in ${seconds(generationMs)} (target < 30 s)`,
    );
    started = Date.now();
    const rerun = await built.jobs.runGenerationNow();
    const rerunMs = Date.now() - started;
    figures.push({ name: 'Re-run', value: rerunMs / 1000, unit: 's' });
    print(
      `Re-run: ${rerun.inserted} tasks inserted, ${rerun.extended} series extended, in ${seconds(rerunMs)} (target < 3 s)`,
    );
    const completed = await completeMostHistory(db, today, admin.id);
    print(`Marked ${completed} past tasks completed (the rest of the history stays open: overdue)`);
    await analyze(db);
  }
  const total = await countRows(db, 'tasks');
  figures.push({ name: 'tasks', value: total, unit: '' });
  print(`Tasks in the database: ${total}`);
  const soak = { tokens: await seedSoakUsers(db), seconds: Number(process.env.BENCH_SOAK_SECONDS ?? 600) };
  if (process.env.BENCH_ONLY === 'mixed') {
    await built.close();
    return measureMixedOnly(env, today, connections, mixedSeconds, figures);
  }
  if (process.env.BENCH_ONLY === 'reports') {
    await built.close();
    return withServer(env, (server, token) =>
      measureReports({ ...server, token, today, durationSeconds, print, row }).then((more) => [...figures, ...more]),
    );
  }
  if (process.env.BENCH_ONLY === 'soak') {
    await built.close();
    return measureSoakOnly(env, today, connections, soak, figures);
  }
  const sweep = await timeReminderSweeps(built);
  print(
    `Reminder sweep: ${sweep.created} reminders in ${seconds(sweep.firstMs)} (target < 5 s); ` +
      `second sweep: ${sweep.secondCreated} new in ${seconds(sweep.secondMs)} (target < 1 s); ` +
      `longest event-loop block ${sweep.maxBlockMs.toFixed(0)} ms (target < 50 ms): ${verdict(sweep.maxBlockMs < 50)}`,
  );
  print(
    `Reminder sweep's ${sweep.statements} statements: p95 ${sweep.statementP95Ms.toFixed(1)} ms, longest ` +
      `${sweep.statementMaxMs.toFixed(1)} ms (target p95 < 50 ms); CPU of this process during the sweeps ` +
      `${seconds(sweep.cpuMs)}`,
  );
  figures.push(
    { name: 'Reminder sweep', value: sweep.firstMs / 1000, unit: 's' },
    { name: 'Second sweep', value: sweep.secondMs / 1000, unit: 's' },
    { name: 'Sweep: longest event-loop block', value: sweep.maxBlockMs, unit: 'ms' },
    { name: 'Sweep: statement p95', value: sweep.statementP95Ms, unit: 'ms' },
  );
  const passes = Number(process.env.BENCH_SENDER_PASSES ?? 3);
  const sender = await timeSender(built, passes);
  print(
    `Sender on that outbox (mail to ${config.smtp.url ? 'SMTP_URL' : 'an in-process sink'}): ${sender.passes} passes ` +
      `handled ${sender.rows} rows in ${seconds(sender.totalMs)}, longest pass ${seconds(sender.longestPassMs)}, ` +
      `longest event-loop block ${sender.maxBlockMs.toFixed(0)} ms (target < 50 ms): ${verdict(sender.maxBlockMs < 50)}, ` +
      `CPU ${seconds(sender.cpuMs)}; ` +
      `${sender.stillDue} rows still due for the next passes`,
  );
  figures.push(
    { name: 'Sender pass (longest)', value: sender.longestPassMs / 1000, unit: 's' },
    { name: 'Sender: longest event-loop block', value: sender.maxBlockMs, unit: 'ms' },
  );
  await built.close();
  if (process.env.BENCH_ONLY === 'sweep') return figures;

  const server = await startServer(env);
  const base = `http://127.0.0.1:${server.appPort}`;
  try {
    const token = await signIn(base);
    const headers = { authorization: `Bearer ${token}` };
    const facility = await db_firstBenchFacility(base, token);
    const open = await getJson<{ data: { _id: string }[] }>(
      `${base}/api/tasks?status=INCOMPLETE&dueFrom=${today}&pageSize=200&sort=-dueDate`,
      token,
    );
    const overdue = await getJson<{ meta: { total: number } }>(
      `${base}/api/tasks?facilityId=${facility}&overdue=true`,
      token,
    );
    const deepPage = 1000;
    print(
      `Filtered page: facility ${facility} has ${overdue.meta.total} overdue tasks; deep page: page ${deepPage} of 20`,
    );
    print();

    const measure = async (options: Omit<Parameters<typeof runLoad>[0], 'connections' | 'durationSeconds'>) => {
      // A short warm-up (JIT, caches, connection pool), then the measurement.
      await runLoad({ ...options, connections, durationSeconds: Math.min(3, durationSeconds) });
      return cpuPerRequest(server.barePort, () => runLoad({ ...options, connections, durationSeconds }));
    };
    const bare = await measure({ name: 'bare Fastify JSON', url: `http://127.0.0.1:${server.barePort}/` });
    const first = await measure({ name: 'GET /api/tasks (first page)', url: `${base}/api/tasks`, headers });
    // The same page as a browser asks for it: every browser accepts brotli and gzip (autocannon asks for neither).
    const firstAsBrowser = await measure({
      name: 'GET /api/tasks (first page, br)',
      url: `${base}/api/tasks`,
      headers: { ...headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    });
    // Its raw-SQL floor, in the same run: the statements the first page ran, directly on the driver.
    const floor = await getJson<SqlFloor>(
      `http://127.0.0.1:${server.barePort}/sql-floor?path=${encodeURIComponent('/api/tasks')}&token=${token}`,
      token,
    );
    const filtered = await measure({
      name: 'GET /api/tasks facility+overdue',
      url: `${base}/api/tasks?facilityId=${facility}&overdue=true`,
      headers,
    });
    // A search that matches about 180,000 tasks (the monthly requirements): its total is cached (decision 026).
    const search = await measure({
      name: 'GET /api/tasks?search=monthly',
      url: `${base}/api/tasks?search=monthly`,
      headers,
    });
    const deep = await measure({
      name: `GET /api/tasks?page=${deepPage}`,
      url: `${base}/api/tasks?page=${deepPage}`,
      headers,
    });

    // The calendar's month: the current month first uncached (one request, timed alone), then under load.
    const month = calendarMonth(today);
    started = performance.now();
    await getJson(`${base}/api/calendar/days?from=${month.from}&to=${month.to}`, token);
    const uncachedMs = performance.now() - started;
    figures.push({ name: 'Calendar month, uncached', value: uncachedMs, unit: 'ms' });
    print(`GET /api/calendar/days (one month, uncached): ${uncachedMs.toFixed(1)} ms`);
    const calendar = await measure({
      name: 'GET /api/calendar/days (a month)',
      url: `${base}/api/calendar/days?from=${month.from}&to=${month.to}`,
      headers,
    });

    const otherLists = await measureLists(measure, base, headers, facility);

    // Completion: every request completes another open task (ids fetched page by page, future-most first).
    const ids: string[] = open.data.map((task) => task._id);
    let cursorUrl = `${base}/api/tasks?status=INCOMPLETE&dueFrom=${today}&pageSize=200&sort=-dueDate&page=2`;
    for (let page = 2; ids.length < 60_000 && page < 400; page += 1) {
      const next = await getJson<{ data: { _id: string }[] }>(cursorUrl, token);
      ids.push(...next.data.map((task) => task._id));
      if (next.data.length < 200) break;
      cursorUrl = cursorUrl.replace(/page=\d+$/, `page=${page + 1}`);
    }
    // Reads under one completion per second, on tasks the completion run below does not reach.
    const mixed = await runMixedLoad({
      base,
      barePort: server.barePort,
      token,
      connections,
      durationSeconds: mixedSeconds,
      calendar: month,
      completable: ids.splice(-Math.min(300, Math.floor(ids.length / 2))),
    });
    let nextId = 0;
    const completion = await cpuPerRequest(server.barePort, () =>
      runLoad({
        name: 'POST /api/tasks/:id/complete',
        url: base,
        connections,
        durationSeconds,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{"completionNote":"benchmark"}',
        nextPath: () => `/api/tasks/${ids[nextId++ % ids.length]}/complete`,
      }),
    );

    print(
      `${connections} concurrent connections, ${durationSeconds} s each; latency in ms; CPU ms/r = the server process's CPU per request`,
    );
    print(
      `${'endpoint'.padEnd(34)} ${'CPU ms/r'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'req/s'.padStart(8)} ${'bare/this'.padStart(9)} ${'requests'.padStart(10)}`,
    );
    print(row(bare));
    for (const result of [first, firstAsBrowser, filtered, search, deep, calendar, ...otherLists, completion]) {
      print(row(result, bare));
    }
    for (const result of mixed.reads) print(row(result, bare));
    print();
    for (const result of [
      bare,
      first,
      firstAsBrowser,
      filtered,
      search,
      deep,
      calendar,
      ...otherLists,
      completion,
      ...mixed.reads,
    ]) {
      figures.push({ name: `${result.name} p95`, value: result.p95, unit: 'ms' });
    }
    const ceiling = 1.5 * floor.cpuMsPerIteration + bare.cpuMsPerRequest;
    figures.push({ name: 'First page: raw-SQL floor', value: floor.cpuMsPerIteration, unit: 'ms' });
    print(
      `First page: its raw-SQL floor ${floor.cpuMsPerIteration.toFixed(3)} ms (${floor.statements} statements + ` +
        `JSON.stringify, ${floor.iterations} iterations), bare Fastify ${bare.cpuMsPerRequest.toFixed(3)} ms: ` +
        `target ≤ 1.5 × floor + bare = ${ceiling.toFixed(3)} ms`,
    );
    for (const [result, asked] of [
      [first, 'uncompressed (no Accept-Encoding)'],
      [firstAsBrowser, `as a browser asks (Accept-Encoding: ${BROWSER_ACCEPT_ENCODING})`],
    ] as const) {
      print(
        `First page ${asked}: CPU ${result.cpuMsPerRequest.toFixed(3)} ms/request, ` +
          `${result.cpuMsPerRequest <= ceiling ? 'met' : 'NOT met'}`,
      );
    }
    printMixedSummary(mixed, figures);
    const lists = [first, filtered, search, deep, calendar, ...otherLists];
    const worst = Math.max(...lists.map((result) => result.p95));
    print(`Load average at the end: ${loadAverage()}`);
    print(
      `List and calendar calls: worst p95 ${worst.toFixed(1)} ms (target < 50 ms): ${worst < 50 ? 'met' : 'NOT met'}`,
    );
    print();
    figures.push(
      ...(await measureReports({ base, barePort: server.barePort, token, today, durationSeconds, print, row })),
    );
    if (soak.seconds > 0) {
      const facilityIds = (await getJson<{ data: { _id: string }[] }>(`${base}/api/facilities?pageSize=200`, token))
        .data;
      printSoak(
        await runSoak({
          base,
          barePort: server.barePort,
          adminToken: token,
          tokens: soak.tokens,
          facilityIds: facilityIds.map((facility) => facility._id),
          month: today.slice(0, 7),
          connections,
          seconds: soak.seconds,
        }),
        figures,
      );
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
  return figures;
}

/** The mixed load's verdict and the statements of 10 ms or more that ran during it. */
function printMixedSummary(mixed: MixedLoadResult, figures: Figure[]): void {
  const mixedWorst = Math.max(...mixed.reads.map((result) => result.p95));
  figures.push({ name: 'mixed: longest event-loop delay', value: mixed.maxEventLoopDelayMs, unit: 'ms' });
  print(
    `Mixed load (reads beside one write per second, nine kinds in turn: ${mixed.completions} ` +
      `acknowledged, ${mixed.failedCompletions} refused; ${mixed.serverErrors} answered 5xx (target 0): ` +
      `${mixed.serverErrors === 0 ? 'met' : 'NOT met'}): ` +
      `worst p95 ${mixedWorst.toFixed(1)} ms (target < 50 ms): ${mixedWorst < 50 ? 'met' : 'NOT met'}; ` +
      `longest event-loop delay ${mixed.maxEventLoopDelayMs.toFixed(1)} ms (target < 50 ms): ${mixed.maxEventLoopDelayMs < 50 ? 'met' : 'NOT met'}`,
  );
  print(`  writes by kind and status: ${mixed.answers.join(', ')}`);
  for (const statement of mixed.slowStatements.slice(0, 8)) {
    print(`  statement of ${statement.ms.toFixed(1)} ms during the mixed load: ${statement.sql}`);
  }
}

/**
 * BENCH_ONLY=mixed: the server, then the mixed load alone, completing future-most open
 * tasks (two pages of them) one per second.
 */
async function measureMixedOnly(
  env: Record<string, string>,
  today: string,
  connections: number,
  durationSeconds: number,
  figures: Figure[],
): Promise<Figure[]> {
  const server = await startServer(env);
  const base = `http://127.0.0.1:${server.appPort}`;
  try {
    const token = await signIn(base);
    const open = `${base}/api/tasks?status=INCOMPLETE&dueFrom=${today}&pageSize=200&sort=-dueDate`;
    const pages = await Promise.all(
      [1, 2].map((page) => getJson<{ data: { _id: string }[] }>(`${open}&page=${page}`, token)),
    );
    const mixed = await runMixedLoad({
      base,
      barePort: server.barePort,
      token,
      connections,
      durationSeconds,
      calendar: calendarMonth(today),
      completable: pages.flatMap((page) => page.data.map((task) => task._id)),
    });
    print(`${connections} concurrent connections, ${durationSeconds} s; latency in ms`);
    for (const result of mixed.reads) {
      print(row(result));
      figures.push({ name: `${result.name} p95`, value: result.p95, unit: 'ms' });
    }
    printMixedSummary(mixed, figures);
    print(`Load average at the end: ${loadAverage()}`);
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
  return figures;
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** The soak's requests and the server's memory at its start and end. */
function printSoak(soak: SoakResult, figures: Figure[]): void {
  const mb = (value: number) => `${value.toFixed(1)} MB`;
  print(
    `Soak (scopes, filters, orders, pages and searches varied; ${soak.seconds} s): ${soak.requests} requests, ` +
      `${soak.non2xx} non-2xx, ${soak.errors} errors`,
  );
  print(
    `Soak: server RSS ${mb(soak.start.rssMb)} at the start, ${mb(soak.end.rssMb)} at the end ` +
      `(${soak.end.rssMb >= soak.start.rssMb ? '+' : ''}${mb(soak.end.rssMb - soak.start.rssMb)}); heap used ` +
      `${mb(soak.start.heapUsedMb)} → ${mb(soak.end.heapUsedMb)}; kept store ${mb(soak.start.keptMb)} ` +
      `(${soak.start.keptEntries} entries) → ${mb(soak.end.keptMb)} (${soak.end.keptEntries} entries)`,
  );
  figures.push(
    { name: 'Soak: RSS at the start', value: soak.start.rssMb, unit: 'MB' },
    { name: 'Soak: RSS at the end', value: soak.end.rssMb, unit: 'MB' },
  );
}

/** BENCH_ONLY=soak: the server, then the soak alone. */
async function measureSoakOnly(
  env: Record<string, string>,
  today: string,
  connections: number,
  soak: { tokens: string[]; seconds: number },
  figures: Figure[],
): Promise<Figure[]> {
  const server = await startServer(env);
  const base = `http://127.0.0.1:${server.appPort}`;
  try {
    const token = await signIn(base);
    const facilities = await getJson<{ data: { _id: string }[] }>(`${base}/api/facilities?pageSize=200`, token);
    printSoak(
      await runSoak({
        base,
        barePort: server.barePort,
        adminToken: token,
        tokens: soak.tokens,
        facilityIds: facilities.data.map((facility) => facility._id),
        month: today.slice(0, 7),
        connections,
        seconds: soak.seconds,
      }),
      figures,
    );
    print(`Load average at the end: ${loadAverage()}`);
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
  return figures;
}

/** The server started, its administrator signed in, `run`, then the server stopped. */
async function withServer<T>(
  env: Record<string, string>,
  run: (server: { base: string; barePort: number }, token: string) => Promise<T>,
): Promise<T> {
  const server = await startServer(env);
  const base = `http://127.0.0.1:${server.appPort}`;
  try {
    return await run({ base, barePort: server.barePort }, await signIn(base));
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}

/** The first and last day of the month of `today`. */
function calendarMonth(today: string): { from: string; to: string } {
  const from = `${today.slice(0, 8)}01`;
  return { from, to: addDays(addMonthsClamped(from, 1), -1) };
}

/** The first benchmark facility, by the API (the server is the only process with the database open now). */
async function db_firstBenchFacility(base: string, token: string): Promise<string> {
  const page = await getJson<{ data: { _id: string; code: string }[] }>(
    `${base}/api/facilities?search=BENCH-0001`,
    token,
  );
  const facility = page.data.find((candidate) => candidate.code === 'BENCH-0001');
  if (!facility) throw new Error('benchmark facility BENCH-0001 not found');
  return facility._id;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
