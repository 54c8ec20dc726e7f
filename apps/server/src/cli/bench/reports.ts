import { addMonthsClamped } from '@rtms/shared/calendar-date';
import type { Figure } from './growth';
import { runLoad, type LoadResult } from './load';
import { cpuPerRequest } from './server-cpu';

/**
 * The reports under load (BENCH_ONLY=reports, and the full run): the scorecard of the last year by facility and
 * by regulation, and the trend of 36 months by category, each at REPORT_CONNECTIONS connections beside bare Fastify
 * in the same run (target p95 < 100 ms). Also timed alone: each report's first request (every facility counted),
 * and the same request right after a task was completed (only that task's facility counted again: a write does
 * not make a report recount the whole table).
 */

export const REPORT_CONNECTIONS = 20;
/** The reports' target: p95 under this many milliseconds at REPORT_CONNECTIONS connections. */
const TARGET_P95_MS = 100;

export interface ReportsBenchOptions {
  base: string;
  barePort: number;
  token: string;
  today: string;
  durationSeconds: number;
  print: (line?: string) => void;
  /** One row of the results table (the bench's own layout), beside bare Fastify when given. */
  row: (result: LoadResult & { cpuMsPerRequest?: number }, bare?: LoadResult) => string;
}

async function timed(url: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - started;
}

/** Completes one overdue task through the API (a write to one facility's tasks); false when none could be. */
async function completeOneTask(base: string, token: string): Promise<boolean> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const page = (await (await fetch(`${base}/api/tasks?state=OVERDUE&pageSize=1`, { headers })).json()) as {
    data: { _id: string }[];
  };
  const task = page.data[0];
  if (!task) return false;
  const done = await fetch(`${base}/api/tasks/${task._id}/complete`, { method: 'POST', headers, body: '{}' });
  await done.arrayBuffer();
  return done.ok;
}

export async function measureReports(options: ReportsBenchOptions): Promise<Figure[]> {
  const { base, token, print } = options;
  const yearFrom = addMonthsClamped(`${options.today.slice(0, 8)}01`, -11);
  const reports = [
    { name: 'scorecard (a year, by facility)', path: `/api/reports/scorecard?from=${yearFrom}&to=${options.today}` },
    {
      name: 'scorecard (a year, by regulation)',
      path: `/api/reports/scorecard?from=${yearFrom}&to=${options.today}&groupBy=regulation`,
    },
    {
      name: 'trend (36 months, by category)',
      path: `/api/reports/trend?from=${addMonthsClamped(`${options.today.slice(0, 8)}01`, -35)}&to=${options.today}&groupBy=category`,
    },
  ];

  for (const report of reports) {
    const first = await timed(`${base}${report.path}`, token);
    const wrote = await completeOneTask(base, token);
    const afterWrite = await timed(`${base}${report.path}`, token);
    print(
      `GET ${report.name}: first request ${first.toFixed(0)} ms (every facility counted); ` +
        (wrote
          ? `after completing a task ${afterWrite.toFixed(0)} ms (one facility counted again)`
          : `no overdue task to complete; again ${afterWrite.toFixed(0)} ms`),
    );
  }

  const connections = REPORT_CONNECTIONS;
  const durationSeconds = options.durationSeconds;
  const measure = async (name: string, url: string, headers: Record<string, string> = {}) => {
    await runLoad({ name, url, headers, connections, durationSeconds: Math.min(3, durationSeconds) });
    return cpuPerRequest(options.barePort, () => runLoad({ name, url, headers, connections, durationSeconds }));
  };
  const bare = await measure('bare Fastify JSON', `http://127.0.0.1:${options.barePort}/`);
  const results = [];
  for (const report of reports) {
    results.push(await measure(`GET ${report.name}`, `${base}${report.path}`, { authorization: `Bearer ${token}` }));
  }
  print();
  print(`Reports at ${connections} connections, ${durationSeconds} s each:`);
  print(
    `${'endpoint'.padEnd(34)} ${'CPU ms/r'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'req/s'.padStart(8)} ${'bare/this'.padStart(9)} ${'requests'.padStart(10)}`,
  );
  print(options.row(bare));
  for (const result of results) print(options.row(result, bare));
  const worst = Math.max(...results.map((result) => result.p95));
  const clean = results.every((result) => result.non2xx === 0 && result.errors === 0);
  print(
    `Reports: worst p95 ${worst.toFixed(1)} ms at ${connections} connections (target < ${TARGET_P95_MS} ms): ` +
      `${worst < TARGET_P95_MS && clean ? 'met' : 'NOT met'}`,
  );
  return [
    { name: 'Reports: bare Fastify p95', value: bare.p95, unit: 'ms' },
    ...results.map((result): Figure => ({ name: `Reports: ${result.name} p95`, value: result.p95, unit: 'ms' })),
  ];
}
