import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId, nowIso } from '../../platform/ids';
import { sha256Hex } from '../../platform/sha256';
import {
  deleteEndedSessions,
  findSessionWithUser,
  insertSession,
  revokeSession,
  revokeUserSessions,
  touchSession,
  type SessionWithUser,
} from './sessions.repository';

/**
 * Last-seen is written at most once a minute per session, so reads do not turn into writes. With a
 * short idle limit it is written more often (a quarter of the limit): otherwise a session in constant
 * use would still end one idle limit after its last write.
 */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionsService {
  /**
   * Starts a session and returns its bearer token (shown once; only its hash is kept). With
   * `mfaEnrolmentRequired` the session may only set up a second factor (and read itself, sign out).
   */
  create(
    userId: string,
    client: { ip?: string; userAgent?: string },
    options?: { mfaEnrolmentRequired?: boolean },
  ): Promise<string>;
  /** The live session of a token, or undefined when unknown, revoked, idle too long or past its lifetime. */
  findLive(token: string): Promise<SessionWithUser | undefined>;
  revoke(sessionId: string): Promise<void>;
  revokeAllOfUser(userId: string, exceptSessionId?: string): Promise<void>;
  purgeEnded(): Promise<void>;
}

/** A session is stored by its token's hash: a copy of the table holds no usable token. */
export const hashToken = sha256Hex;

export function createSessionsService(
  db: Kysely<Database>,
  policy: { idleMinutes: number; absoluteHours: number },
): SessionsService {
  const idleMs = policy.idleMinutes * 60_000;
  const touchIntervalMs = Math.min(TOUCH_INTERVAL_MS, idleMs / 4);
  return {
    async create(userId, client, options = {}) {
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      await insertSession(db, {
        id: newId(),
        userId,
        tokenHash: hashToken(token),
        createdAt: nowIso(now),
        lastSeenAt: nowIso(now),
        expiresAt: nowIso(new Date(now.getTime() + policy.absoluteHours * 3_600_000)),
        revokedAt: null,
        ip: client.ip?.slice(0, 64) ?? null,
        userAgent: client.userAgent?.slice(0, 256) ?? null,
        mfaEnrolmentRequired: options.mfaEnrolmentRequired ? 1 : 0,
      });
      return token;
    },

    async findLive(token) {
      if (!token || token.length > 128) return undefined;
      const session = await findSessionWithUser(db, hashToken(token));
      if (!session || session.revokedAt || !session.active) return undefined;
      const now = Date.now();
      if (Date.parse(session.expiresAt) <= now) return undefined;
      const lastSeen = Date.parse(session.lastSeenAt);
      if (lastSeen + idleMs <= now) return undefined;
      if (now - lastSeen > touchIntervalMs) await touchSession(db, session.id, nowIso());
      return session;
    },

    revoke: (sessionId) => revokeSession(db, sessionId, nowIso()),
    revokeAllOfUser: (userId, exceptSessionId) => revokeUserSessions(db, userId, nowIso(), exceptSessionId),
    purgeEnded: () => deleteEndedSessions(db, nowIso(new Date(Date.now() - 86_400_000))),
  };
}
