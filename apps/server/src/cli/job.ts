/**
 * `npm run job -- <name>`: runs one daily job (task-generation, session-purge) now, for an external
 * scheduler (cron, a Kubernetes CronJob, systemd timers) instead of the in-process timer
 * (`DAILY_JOBS_IN_PROCESS=false`). Same configuration as the server and the same once-a-day lease, so
 * running it on several machines, or beside instances that still schedule in process, runs the job once a
 * day. Prints the run as one JSON line; exit code 0 when the job ran or had already run today, 1 on failure,
 * 64 for an unknown job name, 78 for a bad configuration.
 */
import { buildApp } from '../app';
import { CONFIG_VARIABLES } from '../config/config';
import { loadConfigOrExit } from '../config/load-or-exit';
import { findSuspectVariables } from '../config/unknown-variables';
import { DAILY_JOB_NAMES, isDailyJobName } from '../features/jobs/jobs.service';

async function main(): Promise<void> {
  const name = process.argv[2] ?? '';
  if (!isDailyJobName(name)) {
    process.stderr.write(`Usage: npm run job -- <name>; name is one of: ${DAILY_JOB_NAMES.join(', ')}\n`);
    process.exit(64);
  }
  const config = loadConfigOrExit();
  for (const warning of findSuspectVariables(process.env, CONFIG_VARIABLES))
    process.stderr.write(`warning: ${warning}\n`);
  const built = await buildApp(config, { serveWebApp: false, scheduleJobs: false });
  try {
    const run = await built.jobs.runDailyJob(name);
    process.stdout.write(`${JSON.stringify({ job: name, ...run })}\n`);
  } finally {
    await built.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`RTMS job failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
