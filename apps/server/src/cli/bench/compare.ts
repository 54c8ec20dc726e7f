import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { calendarMonth, firstBenchFacility } from './api';
import { calendarEndpoint, listEndpoints, taskEndpoints, type Endpoint } from './endpoints';
import { runLoad } from './load';
import { loadAverage, print } from './print';
import { loadConfig } from '../../config/config';
import { cpuPerRequest } from './server-cpu';
import { benchEnv, signIn, startServer, stopServer, type BenchServer } from './server-process';

/**
 * The paired comparison (`npm run bench:compare`): this checkout's server and another version's, both up at once,
 * each on its own database seeded by its own `npm run bench`; every read of the full run is measured on one, then
 * the other, then the other, then the one (ABBA), for each of `rounds` rounds. A drift of the machine during the
 * run (another process, the CPU's clock, the database's caches) then weighs on both alike, which two full runs one
 * after the other cannot promise: their bare Fastify figures differed by 18 % on an idle machine.
 */

export interface CompareSettings {
  /** A checkout of the other version with its packages installed (BENCH_COMPARE_ROOT). */
  baseRoot: string;
  baseEnv: Record<string, string>;
  thisEnv: Record<string, string>;
  connections: number;
  durationSeconds: number;
  rounds: number;
  /** Only the reads whose name contains this (BENCH_COMPARE_ONLY), beside bare Fastify. */
  only?: string;
}

/**
 * The comparison's settings from the environment (bench-compare.ts says which variables). The other version's
 * server reads its own ./data-bench and the database BENCH_COMPARE_DATABASE_URL names; on PostgreSQL that must be
 * named and differ from this checkout's.
 */
export function compareSettingsFrom(env: Record<string, string | undefined>): CompareSettings {
  const baseRoot = env.BENCH_COMPARE_ROOT;
  if (!baseRoot) throw new Error('BENCH_COMPARE_ROOT must name a checkout of the version to compare with');
  const thisEnv = benchEnv(env);
  const thisDatabase = loadConfig(thisEnv).databaseUrl;
  const baseDatabase = env.BENCH_COMPARE_DATABASE_URL;
  if (!thisDatabase.startsWith('sqlite:') && (!baseDatabase || baseDatabase === thisDatabase)) {
    throw new Error("BENCH_COMPARE_DATABASE_URL must name the other version's own database");
  }
  const { DATABASE_URL: _thisDatabase, ...shared } = thisEnv;
  return {
    baseRoot: path.resolve(baseRoot),
    baseEnv: {
      ...shared,
      DATA_DIR: path.resolve(baseRoot, 'data-bench'),
      ...(baseDatabase ? { DATABASE_URL: baseDatabase } : {}),
    },
    thisEnv,
    connections: Number(env.BENCH_CONNECTIONS ?? 50),
    durationSeconds: Number(env.BENCH_DURATION ?? 5),
    rounds: Number(env.BENCH_COMPARE_ROUNDS ?? 2),
    ...(env.BENCH_COMPARE_ONLY ? { only: env.BENCH_COMPARE_ONLY } : {}),
  };
}

type Side = 'base' | 'this';

interface Running {
  server: BenchServer;
  base: string;
  headers: Record<string, string>;
  facility: string;
}

async function start(env: Record<string, string>, root?: string): Promise<Running> {
  const server = await startServer(env, root);
  const base = `http://127.0.0.1:${server.appPort}`;
  const token = await signIn(base);
  return {
    server,
    base,
    headers: { authorization: `Bearer ${token}` },
    facility: await firstBenchFacility(base, token),
  };
}

/** The commit of a checkout, to name the version measured. */
function commitOf(root: string): string {
  try {
    const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
    const changed = git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : '';
    return `${git('log', '-1', '--format=%h %s').slice(0, 90)}${changed}`;
  } catch {
    return path.resolve(root);
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** How far a side's measurements spread: the largest over the smallest, less one (a disturbed measurement shows). */
const spread = (values: number[]) => Math.max(...values) / Math.min(...values) - 1;

export async function compareVersions(settings: CompareSettings): Promise<void> {
  const { connections, durationSeconds, rounds } = settings;
  print(`Base: ${commitOf(settings.baseRoot)}`);
  print(`This: ${commitOf(process.cwd())}`);
  print(`Machine load average at start: ${loadAverage()}`);
  const baseSide = await start(settings.baseEnv, settings.baseRoot);
  const sides: Record<Side, Running> = {
    base: baseSide,
    this: await start(settings.thisEnv).catch(async (error: unknown) => {
      await stopServer(baseSide.server);
      throw error;
    }),
  };
  try {
    const endpointsOf = (side: Side): Endpoint[] => {
      const tasks = taskEndpoints(sides[side].facility);
      return [
        { name: 'bare Fastify JSON', path: '' },
        ...Object.values(tasks),
        calendarEndpoint(calendarMonth(todayInTimeZone('America/Chicago'))),
        ...listEndpoints(sides[side].facility),
      ];
    };
    const measured = new Map<string, Record<Side, { cpu: number[]; rps: number[] }>>();
    const measure = async (side: Side, index: number) => {
      const { server, base, headers } = sides[side];
      const endpoint = endpointsOf(side)[index]!;
      // bare Fastify is the server process's own constant answer (server.ts), beside the app.
      const url = endpoint.path ? `${base}${endpoint.path}` : `http://127.0.0.1:${server.barePort}/`;
      const options = { name: endpoint.name, url, headers: { ...headers, ...endpoint.headers }, connections };
      await runLoad({ ...options, durationSeconds: Math.min(2, durationSeconds) });
      const result = await cpuPerRequest(server.barePort, () => runLoad({ ...options, durationSeconds }));
      if (result.non2xx || result.errors) throw new Error(`${side} ${endpoint.name}: ${result.non2xx} non-2xx answers`);
      const figures = measured.get(endpoint.name) ?? { base: { cpu: [], rps: [] }, this: { cpu: [], rps: [] } };
      figures[side].cpu.push(result.cpuMsPerRequest);
      figures[side].rps.push(result.rps);
      measured.set(endpoint.name, figures);
    };
    // BENCH_COMPARE_ONLY: the reads whose name contains it (e.g. "audit"), to look again at a few.
    const only = settings.only;
    const indexes = endpointsOf('this')
      .map((endpoint, index) => ({ endpoint, index }))
      .filter(({ endpoint }) => !only || endpoint.name.includes(only) || endpoint.path === '')
      .map(({ index }) => index);
    for (let round = 1; round <= rounds; round += 1) {
      print(`Round ${round} of ${rounds} (load average ${loadAverage()})`);
      for (const index of indexes) {
        for (const side of ['base', 'this', 'this', 'base'] as const) await measure(side, index);
      }
    }
    print();
    print(
      `${connections} concurrent connections, ${durationSeconds} s per measurement, each endpoint measured ` +
        `${2 * rounds} times on each side (base, this, this, base per round); CPU ms/r = the server process's CPU per request; ` +
        `spread = the wider side's largest CPU measurement over its smallest`,
    );
    print(
      `${'endpoint'.padEnd(34)} ${'base CPU'.padStart(9)} ${'this CPU'.padStart(9)} ${'change'.padStart(7)} ` +
        `${'base req/s'.padStart(10)} ${'this req/s'.padStart(10)} ${'spread'.padStart(7)}`,
    );
    for (const [name, figures] of measured) {
      const [before, after] = [mean(figures.base.cpu), mean(figures.this.cpu)];
      const change = (after / before - 1) * 100;
      print(
        `${name.padEnd(34)} ${before.toFixed(4).padStart(9)} ${after.toFixed(4).padStart(9)} ` +
          `${`${change >= 0 ? '+' : ''}${change.toFixed(1)}%`.padStart(7)} ` +
          `${Math.round(mean(figures.base.rps)).toString().padStart(10)} ${Math.round(mean(figures.this.rps)).toString().padStart(10)} ` +
          `${`${(Math.max(spread(figures.base.cpu), spread(figures.this.cpu)) * 100).toFixed(0)}%`.padStart(7)}` +
          (name === 'bare Fastify JSON' ? '' : change <= 10 ? '  within 10 %' : '  MORE than 10 % over'),
      );
    }
    print(`Load average at the end: ${loadAverage()}`);
  } finally {
    await Promise.all(Object.values(sides).map((side) => stopServer(side.server)));
  }
}
