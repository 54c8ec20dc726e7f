/**
 * A separate process that sweeps the missed-task findings once, for the test of instances racing on one database
 * (features/findings/automatic-findings.test.ts). Argument: JSON `{url, schema?, dataDir, now, startAt}`; it builds
 * the app on that database with its clock at `now`, waits until `startAt` (epoch ms, so that the processes sweep at
 * the same moment) and prints the sweep's result as JSON.
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
  const run = await built.findings.sweep();
  process.stdout.write(`${JSON.stringify(run)}\n`);
  await built.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
