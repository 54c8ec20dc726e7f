import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { pingDatabase } from './health.repository';

/**
 * How long each readiness check may take. A database that accepts connections but never answers (a hung
 * server, a dropped route) must make the instance not ready, not make the probe hang past the balancer's own timeout.
 */
export const READY_CHECK_TIMEOUT_MS = 3_000;

/** Whether `check` succeeds within READY_CHECK_TIMEOUT_MS. */
async function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export type HealthService = ReturnType<typeof createHealthService>;

/** Readiness of this instance: whether its database and its file storage answer, each within the timeout. */
export function createHealthService(db: Kysely<Database>, storage: FileStorage) {
  return {
    /** Both checks run at once; neither waits longer than READY_CHECK_TIMEOUT_MS. */
    async readiness(): Promise<{ database: boolean; storage: boolean }> {
      const [database, storageOk] = await Promise.all([passes(() => pingDatabase(db)), passes(() => storage.check())]);
      return { database, storage: storageOk };
    },
  };
}
