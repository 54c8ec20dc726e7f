import { ConfigError, loadConfig, type AppConfig } from './config';

/**
 * The configuration of a process that cannot run without it (the server, `npm run job`): a bad variable
 * is printed and the process exits with 78 (EX_CONFIG, what service managers read as "fix the
 * configuration"); any other error is thrown on.
 */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}
