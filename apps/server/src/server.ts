import { CONFIG_VARIABLES } from './config/config';
import { loadConfigOrExit } from './config/load-or-exit';
import { findSuspectVariables } from './config/unknown-variables';
import { buildApp } from './app';

const SHUTDOWN_GRACE_MS = 30_000;

/** Entry point: configuration, the app, listen, and graceful shutdown on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const { app, close } = await buildApp(config);
  for (const warning of findSuspectVariables(process.env, CONFIG_VARIABLES)) app.log.warn(warning);
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ node: process.version }, `RTMS is serving on http://localhost:${config.port}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // In-flight requests get SHUTDOWN_GRACE_MS to finish; then the process stops regardless.
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`RTMS failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
