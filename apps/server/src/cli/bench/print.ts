import os from 'node:os';
import type { Figure } from './growth';
import type { LoadResult } from './load';
import type { MixedLoadResult } from './mixed-load';
import type { SoakResult } from './soak';

/** The benchmark's printing: its lines, its results table and the summaries of the mixed load and the soak. */

export const print = (line = '') => process.stdout.write(`${line}\n`);
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** One row of the results table, beside bare Fastify when given. */
export function row(result: LoadResult & { cpuMsPerRequest?: number }, bare?: LoadResult): string {
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

/** The results table's header line. */
export function tableHeader(): string {
  return `${'endpoint'.padEnd(34)} ${'CPU ms/r'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'req/s'.padStart(8)} ${'bare/this'.padStart(9)} ${'requests'.padStart(10)}`;
}

/** The mixed load's verdict and the statements of 10 ms or more that ran during it. */
export function printMixedSummary(mixed: MixedLoadResult, figures: Figure[]): void {
  const mixedWorst = Math.max(...mixed.reads.map((result) => result.p95));
  figures.push({ name: 'mixed: longest event-loop block', value: mixed.maxEventLoopDelayMs, unit: 'ms' });
  print(
    `Mixed load (reads beside one write per second, nine kinds in turn: ${mixed.completions} ` +
      `acknowledged, ${mixed.failedCompletions} refused; ${mixed.serverErrors} answered 5xx (target 0): ` +
      `${mixed.serverErrors === 0 ? 'met' : 'NOT met'}): ` +
      `worst p95 ${mixedWorst.toFixed(1)} ms (target < 50 ms): ${mixedWorst < 50 ? 'met' : 'NOT met'}; ` +
      `longest event-loop block ${mixed.maxEventLoopDelayMs.toFixed(1)} ms (target < 50 ms): ${mixed.maxEventLoopDelayMs < 50 ? 'met' : 'NOT met'}`,
  );
  print(`  writes by kind and status: ${mixed.answers.join(', ')}`);
  for (const statement of mixed.slowStatements.slice(0, 8)) {
    print(`  statement of ${statement.ms.toFixed(1)} ms during the mixed load: ${statement.sql}`);
  }
}

/** The soak's requests and the server's memory at its start and end. */
export function printSoak(soak: SoakResult, figures: Figure[]): void {
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
