import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The tables of one-time credentials (a second-factor challenge, a single sign-on attempt): used once, then expire. */
export type OneTimeTable = 'mfa_challenges' | 'oidc_logins';

/** Uses a row once: true only for the call that marks it used, so two concurrent uses cannot both succeed. */
export async function useOnce(db: Kysely<Database>, table: OneTimeTable, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ usedAt: at })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the rows that expired before `before`, used or not (the daily purge). */
export async function deleteExpired(db: Kysely<Database>, table: OneTimeTable, before: string): Promise<void> {
  await db.deleteFrom(table).where('expiresAt', '<', before).execute();
}
