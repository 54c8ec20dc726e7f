import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { createDatabase } from '../../db/database';
const path = process.argv[2]!;
const n = Number(process.argv[3] ?? 500);
const config = loadConfig(process.env);
const stats = new Map<string, { n: number; ms: number }>();
let on = false;
const database = createDatabase(config.databaseUrl, {
  log: (e) => {
    if (!on || e.level !== 'query') return;
    const k = e.query.sql.slice(0, 200);
    if (!stats.has(k)) require('fs').writeFileSync(`/tmp/stmt-${stats.size}.json`, JSON.stringify(e.query));
    const s = stats.get(k) ?? { n: 0, ms: 0 };
    s.n++;
    s.ms += e.queryDurationMillis;
    stats.set(k, s);
  },
});
const { app, close } = await buildApp(config, { serveWebApp: false, scheduleJobs: false, database });
const login = await app.inject({
  method: 'POST',
  url: '/api/users/login',
  payload: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
});
const token = login.json().data.token;
for (let i = 0; i < 50; i++) await app.inject({ url: path, headers: { authorization: `Bearer ${token}` } });
on = true;
const c0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < n; i++) await app.inject({ url: path, headers: { authorization: `Bearer ${token}` } });
const cpu = process.cpuUsage(c0);
const wall = performance.now() - t0;
on = false;
console.log(
  `${path}: cpu/req ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms, wall/req ${(wall / n).toFixed(3)} ms`,
);
for (const [k, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms))
  console.log(`${(s.ms / n).toFixed(3)} ms/req  x${(s.n / n).toFixed(1)}  ${k}`);
await close();
