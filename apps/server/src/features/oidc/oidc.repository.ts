import { deleteExpired, useOnce } from '../../db/one-time-rows';
import type { Db } from '../../db/schema';
import { findRow, insertRow } from '../../db/rows';
import type { OidcLoginsTable } from './oidc.table';

export async function insertOidcLogin(db: Db, row: OidcLoginsTable): Promise<void> {
  await insertRow(db, 'oidc_logins', row);
}

export function findOidcLoginByState(db: Db, stateHash: string) {
  return findRow(db, 'oidc_logins', { stateHash });
}

export function findOidcLoginByHandoff(db: Db, handoffHash: string) {
  return findRow(db, 'oidc_logins', { handoffHash });
}

/** The callback of an attempt: spends its state (once) and, for a sign-in, records the hand-off to the web app. */
export async function completeOidcLogin(
  db: Db,
  id: string,
  changes: { handoffHash: string | null; userId: string | null; expiresAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('oidc_logins')
    .set({ ...changes, codeVerifier: '', nonce: '' })
    .where('id', '=', id)
    .where('codeVerifier', '!=', '')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the user an attempt signed in and the hash of the one-time code handed to the web app. */
export async function setOidcLoginHandoff(db: Db, id: string, handoffHash: string, userId: string): Promise<void> {
  await db.updateTable('oidc_logins').set({ handoffHash, userId }).where('id', '=', id).execute();
}

/** Uses the one-time hand-off code of an attempt: true only for the call that marks it used. */
export function useOidcHandoff(db: Db, id: string, at: string): Promise<boolean> {
  return useOnce(db, 'oidc_logins', id, at);
}

export function deleteEndedOidcLogins(db: Db, before: string): Promise<void> {
  return deleteExpired(db, 'oidc_logins', before);
}

export function findIdentity(db: Db, issuer: string, subject: string) {
  return findRow(db, 'user_identities', { issuer, subject });
}

export async function insertIdentity(
  db: Db,
  row: { id: string; userId: string; issuer: string; subject: string; createdAt: string },
): Promise<void> {
  await insertRow(db, 'user_identities', { ...row, lastSignInAt: null });
}

export async function touchIdentity(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('user_identities').set({ lastSignInAt: at }).where('id', '=', id).execute();
}
