// `npm start`: starts the built server, building first only when the build is missing or older than the
// sources (see build-fingerprint.mjs). An already built, unchanged checkout starts in about a second.
// `node scripts/start.mjs job <name>` does the same for the daily-job command (apps/server/src/cli/job.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, staleBuildReason } from './build-fingerprint.mjs';

// The supported Node.js versions are the root package.json's `engines`: 22.13 or later, or 24 and later. An
// older Node.js cannot load the SQLite driver (it crashes instead of saying so), so say it here first.
const [major, minor] = process.versions.node.split('.').map(Number);
if (!((major === 22 && minor >= 13) || major >= 24)) {
  process.stderr.write(`RTMS needs Node.js 24 (or 22.13 or later); this is ${process.version}.\n`);
  process.exit(1);
}

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
