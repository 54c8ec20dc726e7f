import { deleteExpired, useOnce } from '../../db/one-time-rows';
import type { Db } from '../../db/schema';
import { findRow, insertRow } from '../../db/rows';
import type { LinkRequestStatus, OidcLinkRequestsTable, OidcLoginsTable } from './oidc.table';

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

/**
 * A signing attempt's callback: the one-time signing grant (its hash), the user it proves, the provider's
 * auth_time, and until when the grant may sign (auth_time + the allowed age).
 */
export async function setSigningGrant(
  db: Db,
  id: string,
  values: { handoffHash: string; userId: string; authTime: string; expiresAt: string },
): Promise<void> {
  await db.updateTable('oidc_logins').set(values).where('id', '=', id).where('purpose', '=', 'SIGN').execute();
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

/**
 * Records a link waiting for an administrator; a newer request of the same user for the same provider
 * account replaces a pending one (one row to judge, the latest claims).
 */
export async function insertLinkRequest(db: Db, row: OidcLinkRequestsTable): Promise<void> {
  await db
    .deleteFrom('oidc_link_requests')
    .where('userId', '=', row.userId)
    .where('issuer', '=', row.issuer)
    .where('subject', '=', row.subject)
    .where('status', '=', 'PENDING')
    .execute();
  await insertRow(db, 'oidc_link_requests', row);
}

/** Link requests with the user they are for: the pending ones (oldest first), or one by id. */
function linkRequestsWithUser(db: Db) {
  return db
    .selectFrom('oidc_link_requests')
    .innerJoin('users', 'users.id', 'oidc_link_requests.userId')
    .selectAll('oidc_link_requests')
    .select([
      'users.email as userEmail',
      'users.firstName as userFirstName',
      'users.lastName as userLastName',
      'users.role as userRole',
    ]);
}
export type LinkRequestWithUser = NonNullable<Awaited<ReturnType<typeof findLinkRequest>>>;

export function findPendingLinkRequests(db: Db) {
  return linkRequestsWithUser(db)
    .where('oidc_link_requests.status', '=', 'PENDING')
    .orderBy('oidc_link_requests.createdAt')
    .orderBy('oidc_link_requests.id')
    .execute();
}

export function findLinkRequest(db: Db, id: string) {
  return linkRequestsWithUser(db).where('oidc_link_requests.id', '=', id).executeTakeFirst();
}

/** Decides a pending request: true only for the call that moved it out of PENDING. */
export async function decideLinkRequest(
  db: Db,
  id: string,
  decision: { status: LinkRequestStatus; decidedById: string; decidedAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('oidc_link_requests')
    .set(decision)
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
