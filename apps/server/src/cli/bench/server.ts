import Fastify from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { createDatabase } from '../../db/database';
import { serveEventLoopDelay } from './event-loop';
import { serveMemory } from './memory';
import { createSlowStatements } from './slow-statements';
import { serveProcessCpu } from './server-cpu';
import { createStatementRecorder, serveSqlFloor } from './sql-floor';

/**
 * The benchmark's server process: the real app on the benchmark database, and beside it a bare Fastify
 * instance answering a constant JSON object — the ceiling this machine and HTTP stack allow. Prints
 * `{"appPort": …, "barePort": …}` on one line once both listen.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const recorder = createStatementRecorder();
  const slow = createSlowStatements(10);
  const database = createDatabase(config.databaseUrl, {
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    log: (event) => {
      recorder.log(event);
      slow.log(event);
    },
  });
  const { app, close } = await buildApp(config, { serveWebApp: false, scheduleJobs: false, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  serveEventLoopDelay(bare, slow.take);
  serveProcessCpu(bare);
  serveSqlFloor(bare, app, recorder, config.databaseUrl);
  serveMemory(bare);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const portOf = (address: ReturnType<typeof app.server.address>) =>
    typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(
    `${JSON.stringify({ appPort: portOf(app.server.address()), barePort: portOf(bare.server.address()) })}\n`,
  );
  const stop = () => {
    void Promise.all([close(), bare.close()]).then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
