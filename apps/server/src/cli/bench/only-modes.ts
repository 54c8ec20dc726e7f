import { calendarMonth, getJson } from './api';
import type { Figure } from './growth';
import { runMixedLoad } from './mixed-load';
import { loadAverage, print, printMixedSummary, row } from './print';
import { measureReports } from './reports';
import { signIn, startServer, stopServer, withServer } from './server-process';
import type { RunSettings } from './settings';
import { soakAndPrint } from './soak-run';

/** The BENCH_ONLY modes that serve the app: one measurement alone (mixed, reports or soak). */

/**
 * BENCH_ONLY=mixed: the server, then the mixed load alone, completing future-most open
 * tasks (two pages of them) one per second.
 */
export async function measureMixedOnly(settings: RunSettings, figures: Figure[]): Promise<Figure[]> {
  const { env, today, connections, mixedSeconds: durationSeconds } = settings;
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
    await stopServer(server);
  }
  return figures;
}

/** BENCH_ONLY=reports: the server, then the reports' measurement alone. */
export function measureReportsOnly(settings: RunSettings, figures: Figure[]): Promise<Figure[]> {
  const { env, today, durationSeconds } = settings;
  return withServer(env, (server, token) =>
    measureReports({ ...server, token, today, durationSeconds, print, row }).then((more) => [...figures, ...more]),
  );
}

/** BENCH_ONLY=soak: the server, then the soak alone. */
export async function measureSoakOnly(settings: RunSettings, figures: Figure[]): Promise<Figure[]> {
  const { env } = settings;
  const server = await startServer(env);
  const base = `http://127.0.0.1:${server.appPort}`;
  try {
    const token = await signIn(base);
    await soakAndPrint(settings, { base, barePort: server.barePort }, token, figures);
    print(`Load average at the end: ${loadAverage()}`);
  } finally {
    await stopServer(server);
  }
  return figures;
}
