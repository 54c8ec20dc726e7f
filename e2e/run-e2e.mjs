// Runs the browser tests when Chromium is present; otherwise says clearly that they were skipped and why.
// Under CI (CI=true) a missing Chromium is a failure, not a skip.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Browser tests SKIPPED: Chromium was not found at ${chromium}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`;
  if (process.env.CI === 'true') {
    console.error(`${message}\nCI=true: failing because the browser tests must run in CI.`);
    process.exit(1);
  }
  console.warn(`\n${message}\n`);
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.config.ts'], {
  stdio: 'inherit',
  cwd: import.meta.dirname,
});
process.exit(result.status ?? 1);
