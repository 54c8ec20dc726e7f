/**
 * A separate process that runs the reminder sender over and over, for the test of two sending instances one of
 * which is killed (features/notifications/sender-kill.test.ts). Argument: JSON `{url, schema?, dataDir, smtpUrl,
 * clockAt, clockAnchor, claimMs}`: its clock reads `clockAt` at the epoch ms `clockAnchor` and runs on from there
 * (both processes agree on it); it prints each run's result as a line of JSON and stops on SIGTERM.
 */
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { createDatabase } from '../db/database';

interface Input {
  url: string;
  schema?: string;
  dataDir: string;
  smtpUrl: string;
  clockAt: string;
  clockAnchor: number;
  claimMs: number;
}

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2] ?? '{}') as Input;
  const config = loadConfig({
    DATA_DIR: input.dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    SMTP_URL: input.smtpUrl,
    PUBLIC_URL: 'https://rtms.example.com',
  });
  const database = createDatabase(input.url, input.schema ? { schema: input.schema } : {});
  const base = new Date(input.clockAt).getTime();
  const built = await buildApp(config, {
    database,
    serveWebApp: false,
    scheduleJobs: false,
    now: () => new Date(base + Date.now() - input.clockAnchor),
    print: () => undefined,
  });
  let stopping = false;
  process.on('SIGTERM', () => (stopping = true));
  process.stdout.write(`${JSON.stringify({ started: true })}\n`);
  while (!stopping) {
    const result = await built.notifications.send({ claimMs: input.claimMs });
    process.stdout.write(`${JSON.stringify(result)}\n`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await built.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
