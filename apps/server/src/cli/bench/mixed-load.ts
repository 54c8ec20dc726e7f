import { runLoad, type LoadResult } from './load';
import type { SlowStatement } from './slow-statements';

/**
 * Reads under a steady trickle of writes. `connections` readers split over the task
 * list's first page, the dashboard's figures and the calendar's month, while one write is made every
 * second, of each kind in turn (a completion, a comment, a reopening of a task completed earlier in
 * the run, a bulk completion of three); the server's longest event-loop delay over the run is read from the
 * bench server.
 */
export interface MixedLoadResult {
  reads: LoadResult[];
  /** Writes acknowledged (2xx). */
  completions: number;
  /** Writes refused (4xx) or not answered. */
  failedCompletions: number;
  /** Writes answered 5xx: 0 expected (decision 037). */
  serverErrors: number;
  maxEventLoopDelayMs: number;
  /** The server's statements of 10 ms or more during the run, longest first (the delay's breakdown). */
  slowStatements: SlowStatement[];
}

export interface MixedLoadOptions {
  base: string;
  barePort: number;
  token: string;
  connections: number;
  durationSeconds: number;
  calendar: { from: string; to: string };
  /** Open tasks to complete, one per second (future-most first, so that none is overdue-sensitive). */
  completable: string[];
}

export async function runMixedLoad(options: MixedLoadOptions): Promise<MixedLoadResult> {
  const { base, token, connections, durationSeconds } = options;
  const headers = { authorization: `Bearer ${token}` };
  const share = Math.max(1, Math.floor(connections / 3));
  const readers = [
    { name: 'mixed: GET /api/tasks', url: `${base}/api/tasks` },
    { name: 'mixed: GET /api/tasks/summary', url: `${base}/api/tasks/summary` },
    {
      name: 'mixed: GET /api/calendar/days',
      url: `${base}/api/calendar/days?from=${options.calendar.from}&to=${options.calendar.to}`,
    },
  ];
  const loads = (seconds: number) =>
    Promise.all(
      readers.map((reader, index) =>
        runLoad({
          ...reader,
          headers,
          connections: index === 0 ? connections - 2 * share : share,
          durationSeconds: seconds,
        }),
      ),
    );
  // Warm-up: the caches filled once (each endpoint asked alone first), as a running server has them.
  for (const reader of readers) await fetch(reader.url, { headers });
  await loads(Math.min(3, durationSeconds));

  const bare = `http://127.0.0.1:${options.barePort}`;
  await fetch(`${bare}/event-loop/reset`, { method: 'POST' });
  let completions = 0;
  let failedCompletions = 0;
  let serverErrors = 0;
  let next = 0;
  let turn = 0;
  const completed: string[] = [];
  const nextTask = () => options.completable[next++ % options.completable.length]!;
  const post = (url: string, body: unknown) =>
    fetch(`${base}/api${url}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const writes = [
    () => {
      const id = nextTask();
      return post(`/tasks/${id}/complete`, { completionNote: 'mixed load' }).then((response) => {
        if (response.ok) completed.push(id);
        return response;
      });
    },
    () => post(`/tasks/${options.completable[next % options.completable.length]}/comments`, { body: 'mixed load' }),
    () => {
      const id = completed.shift();
      return id ? post(`/tasks/${id}/reopen`, { reason: 'mixed load' }) : post(`/tasks/${nextTask()}/complete`, {});
    },
    () => post('/tasks/bulk', { ids: [nextTask(), nextTask(), nextTask()], action: 'complete' }),
  ];
  const writer = setInterval(() => {
    void writes[turn++ % writes.length]!().then(
      async (response) => {
        await response.body?.cancel();
        if (response.status >= 500) serverErrors += 1;
        else if (response.ok) completions += 1;
        else failedCompletions += 1;
      },
      () => (failedCompletions += 1),
    );
  }, 1000);
  let reads: LoadResult[];
  try {
    reads = await loads(durationSeconds);
  } finally {
    clearInterval(writer);
  }
  const delay = (await (await fetch(`${bare}/event-loop`)).json()) as {
    maxMs: number;
    slowStatements: SlowStatement[];
  };
  return {
    reads,
    completions,
    failedCompletions,
    serverErrors,
    maxEventLoopDelayMs: delay.maxMs,
    slowStatements: delay.slowStatements,
  };
}
