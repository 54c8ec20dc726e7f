import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SIGNING_SIGN_IN_MAX_AGE_SECONDS } from '@rtms/shared/schemas/reviews';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { nowIso } from '../../platform/ids';
import { sha256Hex } from '../../platform/sha256';
import type { Claims } from './claims';
import { findIdentity, findOidcLoginByHandoff, setSigningGrant, useOidcHandoff } from './oidc.repository';
import type { OidcLoginsTable } from './oidc.table';

/**
 * Signing by single sign-on (decision 042): a signed-in user whose account is linked to the provider signs a
 * review through a fresh sign-in at the provider. The attempt is an ordinary bound attempt (decision 036: state,
 * PKCE, nonce, the browser's cookie) of purpose SIGN, sent with `prompt=login` and `max_age`, so the provider
 * asks for the credentials again. At the callback the ID token's `auth_time` — when the person authenticated,
 * never `iat`, which is only when the token was made — must be at most five minutes old, and the provider
 * account must be the one linked to the user who started. The answer is a one-time signing grant (only its hash
 * kept) that signs one review of that user, in that session, until five minutes after `auth_time`.
 */

/** The authorization parameters of a signing attempt. */
export const SIGNING_AUTHORIZATION = { prompt: 'login', max_age: String(SIGNING_SIGN_IN_MAX_AGE_SECONDS) } as const;

export type SigningOutcome =
  { kind: 'granted'; grant: string } | { kind: 'refused'; reason: 'STALE' | 'OTHER_ACCOUNT' };

/** The callback of a signing attempt, after the code exchange: the grant, or why there is none. */
export async function completeSigning(
  db: Kysely<Database>,
  attempt: Pick<OidcLoginsTable, 'id' | 'linkUserId'>,
  issuer: string,
  claims: Claims,
  now: number = Date.now(),
): Promise<SigningOutcome> {
  const identity = await findIdentity(db, issuer, String(claims.sub));
  if (!identity || identity.userId !== attempt.linkUserId) return { kind: 'refused', reason: 'OTHER_ACCOUNT' };
  const authTime = typeof claims.auth_time === 'number' ? claims.auth_time * 1000 : NaN;
  // No auth_time, one in the future (beyond a minute of clock skew) or one older than the allowed age: refused.
  const maxAgeMs = SIGNING_SIGN_IN_MAX_AGE_SECONDS * 1000;
  if (!Number.isFinite(authTime) || authTime > now + 60_000 || now - authTime > maxAgeMs) {
    return { kind: 'refused', reason: 'STALE' };
  }
  const grant = randomBytes(32).toString('base64url');
  await setSigningGrant(db, attempt.id, {
    handoffHash: sha256Hex(grant),
    userId: identity.userId,
    authTime: nowIso(new Date(authTime)),
    expiresAt: nowIso(new Date(authTime + maxAgeMs)),
  });
  return { kind: 'granted', grant };
}

/**
 * Spends a signing grant of `principal` (this user, this session, not used, its sign-in at most five minutes
 * old now); answers whether it was one.
 */
export async function redeemSigningGrant(
  db: Kysely<Database>,
  principal: Pick<Principal, 'id' | 'sessionId'>,
  grant: string,
): Promise<boolean> {
  const attempt = await findOidcLoginByHandoff(db, sha256Hex(grant));
  if (!attempt || attempt.purpose !== 'SIGN' || attempt.usedAt || !attempt.authTime) return false;
  if (attempt.userId !== principal.id || attempt.sessionId !== principal.sessionId) return false;
  const age = Date.now() - Date.parse(attempt.authTime);
  if (age > SIGNING_SIGN_IN_MAX_AGE_SECONDS * 1000 || Date.parse(attempt.expiresAt) <= Date.now()) return false;
  return useOidcHandoff(db, attempt.id, nowIso());
}
