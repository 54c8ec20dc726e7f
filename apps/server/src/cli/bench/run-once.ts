import os from 'node:os';
import { loadConfig } from '../../config/config';
import type { Figure } from './growth';
import { measureOverHttp } from './http-run';
import { measureMixedOnly, measureReportsOnly, measureSoakOnly } from './only-modes';
import { prepareData } from './prepare';
import { loadAverage, print } from './print';
import type { RunSettings } from './settings';
import { seedSoakUsers } from './soak';
import { measureSweepAndSender } from './sweep-timing';

/**
 * One run at one size: the data prepared in this process, then what BENCH_ONLY asks for (mixed, reports or soak
 * alone), or the reminder sweep and the sender, then (unless BENCH_ONLY=sweep) the measurements over HTTP.
 */
export async function runOnce(env: Record<string, string>, requirementCount: number): Promise<Figure[]> {
  const config = loadConfig(env);
  const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
  // The mixed load makes one write a second, nine kinds in turn: give it time to make each kind several times.
  const mixedSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? Math.max(60, durationSeconds));
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const figures: Figure[] = [];
  print(`Machine: ${os.cpus().length} CPUs, load average ${loadAverage()} at start`);

  // Seed and generate in this process; the server then runs in its own process.
  const { built, today } = await prepareData(config, requirementCount, figures);
  const soak = {
    tokens: await seedSoakUsers(built.database.db),
    seconds: Number(process.env.BENCH_SOAK_SECONDS ?? 600),
  };
  const settings: RunSettings = { env, today, connections, durationSeconds, mixedSeconds, soak };
  if (process.env.BENCH_ONLY === 'mixed') {
    await built.close();
    return measureMixedOnly(settings, figures);
  }
  if (process.env.BENCH_ONLY === 'reports') {
    await built.close();
    return measureReportsOnly(settings, figures);
  }
  if (process.env.BENCH_ONLY === 'soak') {
    await built.close();
    return measureSoakOnly(settings, figures);
  }
  await measureSweepAndSender(built, config.smtp.url, figures);
  await built.close();
  if (process.env.BENCH_ONLY === 'sweep') return figures;
  return measureOverHttp(settings, figures);
}
