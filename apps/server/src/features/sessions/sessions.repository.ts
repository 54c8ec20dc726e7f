import type { Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database, Db, NewRow } from '../../db/schema';
import { insertRow } from '../../db/rows';

export async function insertSession(db: Db, row: NewRow<'sessions'>): Promise<void> {
  await insertRow(db, 'sessions', row);
}

/**
 * A session with what every authenticated request needs of its user: one query per request, compiled
 * once (db/compiled-once.ts). The user's columns are scalar subqueries by the user's key rather than a join:
 * SQLite 3.54 (better-sqlite3 13) runs a join of two rows several times slower than 3.53 did (13.6 µs against
 * 4.7 µs so, on every request). The subqueries read null for a session whose user is gone: findSessionWithUser
 * answers none then, as the join did.
 */
const sessionWithUser = compiledOnce((db) =>
  db
    .selectFrom('sessions')
    .select((eb) => {
      const user = eb.selectFrom('users').whereRef('users.id', '=', 'sessions.userId');
      return [
        'sessions.id',
        'sessions.userId',
        'sessions.expiresAt',
        'sessions.lastSeenAt',
        'sessions.revokedAt',
        'sessions.mfaEnrolmentRequired',
        user.select('users.email').as('email'),
        user.select('users.firstName').as('firstName'),
        user.select('users.lastName').as('lastName'),
        user.select('users.role').as('role'),
        user.select('users.active').as('active'),
        user.select('users.mustChangePassword').as('mustChangePassword'),
      ];
    })
    .where('sessions.tokenHash', '=', ''),
);

/** A session and its user's identity, as `findSessionWithUser` reads them. */
export type SessionWithUser = Pick<
  Selectable<Database['sessions']>,
  'id' | 'userId' | 'expiresAt' | 'lastSeenAt' | 'revokedAt' | 'mfaEnrolmentRequired'
> &
  Pick<Selectable<Database['users']>, 'email' | 'firstName' | 'lastName' | 'role' | 'active' | 'mustChangePassword'>;

/** The session of a token hash with its user; none when either is missing (as the join this replaced). */
export async function findSessionWithUser(db: Db, tokenHash: string): Promise<SessionWithUser | undefined> {
  const row = (await sessionWithUser(db, [tokenHash])).rows[0];
  if (!row || row.email === null) return undefined;
  // Every user column is there when the email is: they are read from the one row of the user's key.
  return row as SessionWithUser;
}

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
