import { deleteExpired, useOnce } from '../../db/one-time-rows';
import type { Db } from '../../db/schema';
import type { OidcLoginsTable } from './oidc.table';

export async function insertOidcLogin(db: Db, row: OidcLoginsTable): Promise<void> {
  await db.insertInto('oidc_logins').values(row).execute();
}

export function findOidcLoginByState(db: Db, stateHash: string) {
  return db.selectFrom('oidc_logins').selectAll().where('stateHash', '=', stateHash).executeTakeFirst();
}

export function findOidcLoginByHandoff(db: Db, handoffHash: string) {
  return db.selectFrom('oidc_logins').selectAll().where('handoffHash', '=', handoffHash).executeTakeFirst();
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
  return db
    .selectFrom('user_identities')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function insertIdentity(
  db: Db,
  row: { id: string; userId: string; issuer: string; subject: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({ ...row, lastSignInAt: null })
    .execute();
}

export async function touchIdentity(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('user_identities').set({ lastSignInAt: at }).where('id', '=', id).execute();
}
