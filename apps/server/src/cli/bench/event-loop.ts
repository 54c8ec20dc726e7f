import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { SlowStatement } from './slow-statements';

/**
 * `monitorEventLoopDelay`'s samples are the times between its timer's firings, its own interval included (an
 * idle loop samples about the interval): what the loop was held beyond the interval is the sample less it.
 */
const beyondInterval = (sampleNs: number, resolutionMs: number): number => Math.max(0, sampleNs / 1e6 - resolutionMs);

/**
 * The server process's event-loop delay, for the benchmark's mixed load: `GET /event-loop` on the bare
 * instance answers the longest block since the last `POST /event-loop/reset`, in milliseconds, measured as
 * `longestBlockDuring` measures the sweep's and the sender's. Sampled every 10 ms by `monitorEventLoopDelay`,
 * so a block of the loop by a synchronous SQLite statement shows as its own length. The statements of 10 ms or
 * more since the reset come with it (`slowStatements`).
 */
export function serveEventLoopDelay(bare: FastifyInstance, slowStatements: () => SlowStatement[]): void {
  const resolutionMs = 10;
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  bare.get('/event-loop', async () => ({
    maxMs: beyondInterval(histogram.max, resolutionMs),
    p99Ms: beyondInterval(histogram.percentile(99), resolutionMs),
    meanMs: beyondInterval(histogram.mean, resolutionMs),
    slowStatements: slowStatements(),
  }));
  bare.post('/event-loop/reset', async () => {
    histogram.reset();
    slowStatements();
    return { reset: true };
  });
}

/**
 * The longest block of this process's event loop while `work` runs, in ms. The histogram only learns of a
 * block when its timer fires after it, and it drops the first sample it takes, so the probe lets the timer fire before
 * the work starts and once more after it: work that never gives the loop back (SQLite's statements answer in
 * microtasks) would otherwise show as no block at all.
 */
export async function longestBlockDuring<T>(work: () => Promise<T>): Promise<{ result: T; maxBlockMs: number }> {
  const resolutionMs = 5;
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  try {
    // The histogram drops its first sample: let its timer fire once before the work starts.
    await new Promise((resolve) => setTimeout(resolve, 2 * resolutionMs));
    const result = await work();
    await new Promise((resolve) => setTimeout(resolve, 3 * resolutionMs));
    return { result, maxBlockMs: beyondInterval(histogram.max, resolutionMs) };
  } finally {
    histogram.disable();
  }
}
