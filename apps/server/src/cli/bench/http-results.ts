import type { Figure } from './growth';
import type { LoadResult } from './load';
import type { MixedLoadResult } from './mixed-load';
import { loadAverage, print, printMixedSummary, row, tableHeader } from './print';
import type { SqlFloor } from './sql-floor';

/** What the full run measured over HTTP, printed as its table and verdicts. */

type Measured = LoadResult & { cpuMsPerRequest: number };

/** What Chromium sends (and every current browser sends brotli and gzip). */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface HttpResults {
  connections: number;
  durationSeconds: number;
  bare: Measured;
  first: Measured;
  firstAsBrowser: Measured;
  filtered: Measured;
  search: Measured;
  deep: Measured;
  calendar: Measured;
  otherLists: LoadResult[];
  completion: Measured;
  mixed: MixedLoadResult;
  floor: SqlFloor;
}

/** The results table, the first page against its raw-SQL floor, the mixed load and the lists' worst p95. */
export function printHttpResults(results: HttpResults, figures: Figure[]): void {
  const { bare, first, firstAsBrowser, mixed, floor } = results;
  const lists = [first, results.filtered, results.search, results.deep, results.calendar, ...results.otherLists];
  const measured = [first, firstAsBrowser, ...lists.slice(1), results.completion];
  print(
    `${results.connections} concurrent connections, ${results.durationSeconds} s each; latency in ms; CPU ms/r = the server process's CPU per request`,
  );
  print(tableHeader());
  print(row(bare));
  for (const result of measured) print(row(result, bare));
  for (const result of mixed.reads) print(row(result, bare));
  print();
  for (const result of [bare, ...measured, ...mixed.reads]) {
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
  const worst = Math.max(...lists.map((result) => result.p95));
  print(`Load average at the end: ${loadAverage()}`);
  print(
    `List and calendar calls: worst p95 ${worst.toFixed(1)} ms (target < 50 ms): ${worst < 50 ? 'met' : 'NOT met'}`,
  );
  print();
}
