import { buildApp } from '/work/wt15b/apps/server/src/app';
import { loadConfig } from '/work/wt15b/apps/server/src/config/config';
const env = { ...process.env, DATA_DIR: '/work/wt15b/data-bench', ...(process.env.PG ? { DATABASE_URL: process.env.PG } : {}), ADMIN_EMAIL: 'bench-admin@example.com', ADMIN_PASSWORD: 'bench-admin-password-2026', LOG_LEVEL: 'warn', NODE_ENV: 'production' } as Record<string, string>;
const built = await buildApp(loadConfig(env), { serveWebApp: false, scheduleJobs: false, print: () => {} });
const login = await built.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } });
const token = login.json().data.token;
const fac = (await built.app.inject({ method: 'GET', url: '/api/facilities?search=BENCH-0001', headers: { authorization: `Bearer ${token}` } })).json().data[0]._id;
for (const url of ['/api/requirements', '/api/requirements?page=40', '/api/requirements?sort=-title&page=20', '/api/facilities', '/api/documents', '/api/documents?page=2000', '/api/audit', '/api/audit?page=20000', `/api/audit?facilityId=${fac}`]) {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < 15; i++) { const t = performance.now(); const r = await built.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }); status = r.statusCode; times.push(performance.now() - t); }
  const first = times[0]!; times.sort((a, b) => a - b);
  console.log(url.padEnd(40), status, 'first', first.toFixed(1), 'median', times[7]!.toFixed(1), 'ms');
}
await built.close();
