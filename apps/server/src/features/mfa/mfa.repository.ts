import { deleteExpired, useOnce } from '../../db/one-time-rows';
import type { Db } from '../../db/schema';
import { findRow, insertRow } from '../../db/rows';
import type { UserMfaRow } from './mfa.table';
import { countRows } from '../../db/count-rows';

export function findUserMfa(db: Db, userId: string): Promise<UserMfaRow | undefined> {
  return findRow(db, 'user_mfa', { userId });
}

/** Which of `userIds` have a confirmed second factor (one query for a page of users). */
export async function findUsersWithSecondFactor(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_mfa')
    .select('userId')
    .where('userId', 'in', userIds)
    .where('confirmedAt', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.userId));
}

/** Starts (or restarts) an enrolment: a new unconfirmed secret replaces any earlier unconfirmed one. */
export async function upsertPendingMfa(db: Db, userId: string, secretEncrypted: string, at: string): Promise<void> {
  await db
    .insertInto('user_mfa')
    .values({ userId, secretEncrypted, confirmedAt: null, lastUsedStep: null, createdAt: at, updatedAt: at })
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet({ secretEncrypted, confirmedAt: null, lastUsedStep: null, updatedAt: at }),
    )
    .execute();
}

/**
 * Records that a code of time step `step` was used, only if no code of that step or a later one was:
 * one atomic statement, so two requests racing with the same code cannot both succeed.
 * Returns whether this call won. With `confirmAt` it also confirms a pending enrolment.
 */
export async function claimStep(
  db: Db,
  userId: string,
  step: number,
  at: string,
  confirmAt?: string,
): Promise<boolean> {
  const result = await db
    .updateTable('user_mfa')
    .set({ lastUsedStep: step, updatedAt: at, ...(confirmAt ? { confirmedAt: confirmAt } : {}) })
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]))
    .where('confirmedAt', confirmAt ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteUserMfa(db: Db, userId: string): Promise<boolean> {
  await db.deleteFrom('user_mfa_backup_codes').where('userId', '=', userId).execute();
  const result = await db.deleteFrom('user_mfa').where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function replaceBackupCodes(
  db: Db,
  userId: string,
  codes: { id: string; codeHash: string }[],
  at: string,
): Promise<void> {
  await db.deleteFrom('user_mfa_backup_codes').where('userId', '=', userId).execute();
  await db
    .insertInto('user_mfa_backup_codes')
    .values(codes.map((code) => ({ ...code, userId, usedAt: null, createdAt: at })))
    .execute();
}

/** Uses a backup code once: true only for the call that marks it used. */
export async function useBackupCode(db: Db, userId: string, codeHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('user_mfa_backup_codes')
    .set({ usedAt: at })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedBackupCodes(db: Db, userId: string): Promise<number> {
  return countRows(db.selectFrom('user_mfa_backup_codes').where('userId', '=', userId).where('usedAt', 'is', null));
}

export async function insertChallenge(
  db: Db,
  row: { id: string; userId: string; tokenHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await insertRow(db, 'mfa_challenges', { ...row, usedAt: null });
}

export function findChallenge(db: Db, tokenHash: string) {
  return findRow(db, 'mfa_challenges', { tokenHash });
}

/** Counts a wrong code against a challenge and returns the new count. */
export async function countChallengeFailure(db: Db, id: string): Promise<number> {
  await db
    .updateTable('mfa_challenges')
    .set((eb) => ({ failedAttempts: eb('failedAttempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
  const row = await db.selectFrom('mfa_challenges').select('failedAttempts').where('id', '=', id).executeTakeFirst();
  return Number(row?.failedAttempts ?? 0);
}

/** Ends a challenge once: true only for the call that marks it used. */
export function useChallenge(db: Db, id: string, at: string): Promise<boolean> {
  return useOnce(db, 'mfa_challenges', id, at);
}

export function deleteEndedChallenges(db: Db, before: string): Promise<void> {
  return deleteExpired(db, 'mfa_challenges', before);
}

export async function findSetting(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('security_settings').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

export async function upsertSetting(db: Db, name: string, value: string, at: string): Promise<void> {
  await db
    .insertInto('security_settings')
    .values({ name, value, updatedAt: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updatedAt: at }))
    .execute();
}
