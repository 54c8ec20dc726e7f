import path from 'node:path';
import type { AppConfig } from '../../config/config';

/**
 * Whether the demo is about to load into a database the server may not use. The server reads DATA_DIR /
 * DATABASE_URL; a demo run without them loads into ./data of the current directory, and a server started
 * elsewhere or with its own settings would show nothing. So, with neither set: no database
 * there yet → refuse (a server run from here would have made one), else → say where it goes and how to
 * point it at the server's.
 */
export function databaseChoiceProblem(
  env: Record<string, string | undefined>,
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
  exists: (file: string) => boolean,
): { refuse: boolean; message: string } | undefined {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  if (set('DATA_DIR') || set('DATABASE_URL')) return undefined;
  const file = config.databaseUrl.slice('sqlite:'.length);
  const sameAsServer =
    'Run the demo with the settings of your server, e.g. `DATA_DIR=/srv/rtms npm run demo` or ' +
    '`DATABASE_URL=postgres://… npm run demo`';
  if (!exists(file)) {
    return {
      refuse: true,
      message:
        `DATA_DIR and DATABASE_URL are not set and there is no RTMS database at ${file}: the demo would load ` +
        `into a new one that your server does not read.\n${sameAsServer}, or start the server here once ` +
        `(npm start), or choose this folder on purpose: DATA_DIR=${path.relative(process.cwd(), config.dataDir) || '.'} npm run demo`,
    };
  }
  return {
    refuse: false,
    message:
      `DATA_DIR and DATABASE_URL are not set: loading into ${file}, the database of a server started from this ` +
      `folder without them. If your server runs with other settings, stop (Ctrl+C). ${sameAsServer}.`,
  };
}
