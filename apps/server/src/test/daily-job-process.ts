/**
 * A separate process that runs one job once, for the tests of processes racing on one database: the daily task
 * generation (features/jobs/jobs.test.ts) or the missed-task findings sweep (`job: "findings-sweep"`,
 * features/findings/automatic-findings.test.ts). Argument: JSON `{url, schema?, dataDir, now, startAt, job?}`; it
 * builds the app on that database with its clock at `now`, waits until `startAt` (epoch ms, so that the processes
 * run at the same moment) and prints the run as JSON.
 */
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { createDatabase } from '../db/database';

interface Input {
  url: string;
  schema?: string;
  dataDir: string;
  now: string;
  startAt: number;
  job?: 'generation' | 'findings-sweep';
}

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2] ?? '{}') as Input;
  const config = loadConfig({ DATA_DIR: input.dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const database = createDatabase(input.url, input.schema ? { schema: input.schema } : {});
  const built = await buildApp(config, {
    database,
    serveWebApp: false,
    scheduleJobs: false,
    now: () => new Date(input.now),
    print: () => undefined,
  });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, input.startAt - Date.now())));
  if (input.job === 'findings-sweep') {
    process.stdout.write(`${JSON.stringify(await built.findings.sweep())}\n`);
  } else {
    const run = await built.jobs.runDailyGeneration();
    process.stdout.write(`${JSON.stringify({ ran: run.ran, day: run.day, inserted: run.result?.inserted ?? 0 })}\n`);
  }
  await built.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
