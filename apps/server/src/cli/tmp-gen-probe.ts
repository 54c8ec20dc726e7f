import { sql } from 'kysely';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { seedBench } from './bench/seed';

const env = { ...(process.env as Record<string, string>), DATA_DIR: '/tmp/wt15/data', ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'bench-admin-password-2026', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
const built = await buildApp(loadConfig(env), { serveWebApp: false, scheduleJobs: false, print: () => {} });
const { db } = built.database;
let t = Date.now();
await seedBench(db, todayInTimeZone('America/Chicago'));
console.log('seed', Date.now() - t);
t = Date.now();
const g = await built.jobs.runGenerationNow();
console.log('gen', g, Date.now() - t);
if (process.env.PROBE_EXPLAIN) {
  const r = await sql<{ relname: string; n_live_tup: number; n_dead_tup: number; last_analyze: string | null; last_autoanalyze: string | null }>`select relname, n_live_tup, n_dead_tup, last_analyze, last_autoanalyze from pg_stat_user_tables where relname in ('tasks','requirement_facilities','requirements','facilities')`.execute(db);
  console.log(r.rows);
}
for (let i = 0; i < 3; i++) {
  t = Date.now();
  const r = await built.jobs.runGenerationNow();
  console.log('rerun', i, r, Date.now() - t);
}
await built.close();
