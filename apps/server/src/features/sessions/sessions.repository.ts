import { compiledOnce } from '../../db/compiled-once';
import type { Db, NewRow } from '../../db/schema';
import { userIdentityColumns } from '../../db/columns';
import { insertRow } from '../../db/rows';

export async function insertSession(db: Db, row: NewRow<'sessions'>): Promise<void> {
  await insertRow(db, 'sessions', row);
}

/**
 * A session with what every authenticated request needs of its user: one query per request, compiled
 * once (db/compiled-once.ts).
 */
const sessionWithUser = compiledOnce((db) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.id',
      'sessions.userId',
      'sessions.expiresAt',
      'sessions.lastSeenAt',
      'sessions.revokedAt',
      'sessions.mfaEnrolmentRequired',
      ...userIdentityColumns('users'),
      'users.mustChangePassword',
    ])
    .where('sessions.tokenHash', '=', ''),
);
export async function findSessionWithUser(db: Db, tokenHash: string) {
  return (await sessionWithUser(db, [tokenHash])).rows[0];
}
export type SessionWithUser = NonNullable<Awaited<ReturnType<typeof findSessionWithUser>>>;

/** Whether a session is neither revoked nor expired at `at`. */
export async function isSessionLive(db: Db, id: string, at: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', at)
    .executeTakeFirst();
  return row !== undefined;
}

export async function touchSession(db: Db, id: string, lastSeenAt: string): Promise<void> {
  await db.updateTable('sessions').set({ lastSeenAt }).where('id', '=', id).execute();
}

export async function revokeSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ revokedAt: at }).where('id', '=', id).where('revokedAt', 'is', null).execute();
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Db, userId: string, at: string, keepSessionId?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revokedAt: at })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** Removes sessions that ended more than a day ago, so the table does not grow without bound. */
export async function deleteEndedSessions(db: Db, before: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expiresAt', '<', before), eb('revokedAt', '<', before)]))
    .execute();
}

/** Lifts the enrolment-only restriction from every session of a user (they have just set up a second factor). */
export async function clearMfaEnrolmentRequired(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ mfaEnrolmentRequired: 0 })
    .where('userId', '=', userId)
    .where('mfaEnrolmentRequired', '=', 1)
    .execute();
}
