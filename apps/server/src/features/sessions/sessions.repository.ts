import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import { listRevisionColumns, listRevisionsOf, type NotedRevisions } from '../../db/revisions';
import { writeEpochOf } from '../../db/write-epoch';
import type { Db, NewRow } from '../../db/schema';
import { userIdentityColumns } from '../../db/columns';
import { insertRow } from '../../db/rows';

export async function insertSession(db: Db, row: NewRow<'sessions'>): Promise<void> {
  await insertRow(db, 'sessions', row);
}

/**
 * A session with what every authenticated request needs of its user, and the list revisions (db/revisions.ts): one
 * statement per request, compiled once (db/compiled-once.ts). A list read by the request then needs no statement of
 * its own for its revisions while nothing was written since (write-epoch.ts): on SQLite each statement begins a read
 * transaction of its own, a few microseconds on every request.
 *
 * The token is compared as `cast(? as text)`: SQLite 3.54 marks a bound value compared with a column in a join as
 * one that may change the plan, and better-sqlite3 clears the bindings after each run, so the join was planned
 * again on every run (16 µs instead of 5). A cast is no bare parameter, and the index on the hash still applies.
 */
const sessionWithUser = compiledOnce((db) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select((eb) => [
      'sessions.id',
      'sessions.userId',
      'sessions.expiresAt',
      'sessions.lastSeenAt',
      'sessions.revokedAt',
      'sessions.mfaEnrolmentRequired',
      ...userIdentityColumns('users'),
      'users.mustChangePassword',
      ...listRevisionColumns(eb),
    ])
    .where('sessions.tokenHash', '=', sql<string>`cast(${''} as text)`),
);

/** The session of a token hash with its user and the list revisions; none when either is missing. */
export async function findSessionWithUser(db: Db, tokenHash: string) {
  // The epoch before the read: a write that starts after it makes the lists read their revisions again.
  const epoch = writeEpochOf(db);
  const row = (await sessionWithUser(db, [1, 1, 1, 1, tokenHash])).rows[0];
  if (!row) return undefined;
  const { tasksRevision, labelsRevision, documentsRevision, findingsRevision, ...session } = row;
  const revisions = listRevisionsOf({ tasksRevision, labelsRevision, documentsRevision, findingsRevision });
  const listRevisions: NotedRevisions = { revisions, epoch };
  return { ...session, listRevisions };
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
