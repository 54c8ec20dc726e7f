import { calendarMonth, firstBenchFacility, getJson, openTaskIds } from './api';
import type { Figure } from './growth';
import { calendarEndpoint, DEEP_PAGE, taskEndpoints, type Endpoint } from './endpoints';
import { printHttpResults } from './http-results';
import { measureLists } from './lists';
import { runLoad } from './load';
import { runMixedLoad } from './mixed-load';
import { print, row } from './print';
import { measureReports } from './reports';
import { cpuPerRequest } from './server-cpu';
import { signIn, startServer, stopServer } from './server-process';
import type { RunSettings } from './settings';
import { soakAndPrint } from './soak-run';
import type { SqlFloor } from './sql-floor';

/**
 * The full run over HTTP, the app served from its own process: the Tasks Tracker's pages, the calendar's month
 * and the other lists beside bare Fastify, the mixed load, the completion, the reports, then the soak.
 */
export async function measureOverHttp(settings: RunSettings, figures: Figure[]): Promise<Figure[]> {
  const { env, today, connections, durationSeconds, mixedSeconds, soak } = settings;
  const server = await startServer(env);
  const base = `http://127.0.0.1:${server.appPort}`;
  try {
    const token = await signIn(base);
    const headers = { authorization: `Bearer ${token}` };
    const facility = await firstBenchFacility(base, token);
    const open = await getJson<{ data: { _id: string }[] }>(
      `${base}/api/tasks?status=INCOMPLETE&dueFrom=${today}&pageSize=200&sort=-dueDate`,
      token,
    );
    const endpoints = taskEndpoints(facility);
    const overdue = await getJson<{ meta: { total: number } }>(`${base}${endpoints.filtered.path}`, token);
    print(
      `Filtered page: facility ${facility} has ${overdue.meta.total} overdue tasks; deep page: page ${DEEP_PAGE} of 20`,
    );
    print();

    const measure = async (options: Omit<Parameters<typeof runLoad>[0], 'connections' | 'durationSeconds'>) => {
      // A short warm-up (JIT, caches, connection pool), then the measurement.
      await runLoad({ ...options, connections, durationSeconds: Math.min(3, durationSeconds) });
      return cpuPerRequest(server.barePort, () => runLoad({ ...options, connections, durationSeconds }));
    };
    const measureEndpoint = (endpoint: Endpoint) =>
      measure({ name: endpoint.name, url: `${base}${endpoint.path}`, headers: { ...headers, ...endpoint.headers } });
    const bare = await measure({ name: 'bare Fastify JSON', url: `http://127.0.0.1:${server.barePort}/` });
    const first = await measureEndpoint(endpoints.first);
    const firstAsBrowser = await measureEndpoint(endpoints.firstAsBrowser);
    // Its raw-SQL floor, in the same run: the statements the first page ran, directly on the driver.
    const floor = await getJson<SqlFloor>(
      `http://127.0.0.1:${server.barePort}/sql-floor?path=${encodeURIComponent('/api/tasks')}&token=${token}`,
      token,
    );
    const filtered = await measureEndpoint(endpoints.filtered);
    const search = await measureEndpoint(endpoints.search);
    const deep = await measureEndpoint(endpoints.deep);

    // The calendar's month: the current month first uncached (one request, timed alone), then under load.
    const month = calendarMonth(today);
    const started = performance.now();
    await getJson(`${base}${calendarEndpoint(month).path}`, token);
    const uncachedMs = performance.now() - started;
    figures.push({ name: 'Calendar month, uncached', value: uncachedMs, unit: 'ms' });
    print(`GET /api/calendar/days (one month, uncached): ${uncachedMs.toFixed(1)} ms`);
    const calendar = await measureEndpoint(calendarEndpoint(month));

    const otherLists = await measureLists(measure, base, headers, facility);

    // Completion: every request completes another open task (ids fetched page by page, future-most first).
    const ids = await openTaskIds(base, token, today, open);
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

    printHttpResults(
      {
        connections,
        durationSeconds,
        bare,
        first,
        firstAsBrowser,
        filtered,
        search,
        deep,
        calendar,
        otherLists,
        completion,
        mixed,
        floor,
      },
      figures,
    );
    figures.push(
      ...(await measureReports({ base, barePort: server.barePort, token, today, durationSeconds, print, row })),
    );
    if (soak.seconds > 0) await soakAndPrint(settings, { base, barePort: server.barePort }, token, figures);
  } finally {
    await stopServer(server);
  }
  return figures;
}
