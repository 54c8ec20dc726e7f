// `npm start`: starts the built server, building first only when the build is missing or older than the
// sources (see build-fingerprint.mjs). An already built, unchanged checkout starts in about a second.
// `node scripts/start.mjs job <name>` does the same for the daily-job command (apps/server/src/cli/job.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, staleBuildReason } from './build-fingerprint.mjs';

const ENTRIES = { server: 'apps/server/dist/server.js', job: 'apps/server/dist/job.js' };

const entryName = process.argv[2] in ENTRIES ? process.argv.splice(2, 1)[0] : 'server';

const reason = staleBuildReason();
if (reason) {
  process.stderr.write(`RTMS: building first (${reason}).\n`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.setSourceMapsEnabled(true);
// In this process: no child to forward signals to, so SIGTERM reaches the server's graceful shutdown.
await import(pathToFileURL(path.join(ROOT, ENTRIES[entryName])).href);
