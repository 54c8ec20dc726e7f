import type { Kysely } from 'kysely';
import type { MfaChallenge, SessionUser } from '@rtms/shared/schemas/auth';
import type { Database } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { hashPassword, verifyDecoy, verifyPassword } from '../../platform/passwords';
import type { Principal } from '../../platform/auth';
import type { SessionsService } from '../sessions/sessions.service';
import { findUserByEmail, userRows } from '../users/users.repository';
import { toSessionUser } from '../users/users.dto';
import { revokeUserSessions } from '../sessions/sessions.repository';
import type { LoginThrottle } from './login-throttle';
import { actorOf, type AuditService } from '../audit/audit.service';
import type { MfaService } from '../mfa/mfa.service';
import type { OidcService } from '../oidc/oidc.service';
import { unitOfWork } from '../../db/unit-of-work';

type Session = { token: string; user: SessionUser };

export interface AuthService {
  /** A session, or a second-factor challenge for a user who has one. */
  login(email: string, password: string, client: { ip: string; userAgent?: string }): Promise<Session | MfaChallenge>;
  /** The second step of a sign-in with a second factor: a TOTP or backup code for the challenge's `mfaToken`. */
  loginWithCode(mfaToken: string, code: string, client: { ip: string; userAgent?: string }): Promise<Session>;
  me(principal: Principal): Promise<SessionUser>;
  logout(principal: Principal): Promise<void>;
  /** Changes the caller's password, signs out every session (the old token gets 401) and returns a new token. */
  changePassword(
    principal: Principal,
    currentPassword: string,
    newPassword: string,
    client: { ip: string; userAgent?: string },
  ): Promise<string>;
}

const WRONG_CREDENTIALS = 'The email or password is incorrect.';

export function createAuthService(
  db: Kysely<Database>,
  sessions: SessionsService,
  throttle: LoginThrottle,
  audit: AuditService,
  mfa: MfaService,
  oidc?: OidcService,
): AuthService {
  return {
    async login(email, password, client) {
      oidc?.assertPasswordSignInAllowed(email);
      await throttle.assertAllowed(email, client.ip);
      const user = await findUserByEmail(db, email);
      const matches = user ? await verifyPassword(user.passwordHash, password) : await verifyDecoy(password);
      if (!user || !matches) await throttle.recordFailure(email, client.ip);
      // Asked again after the slow hash: parallel attempts may have locked the account meanwhile, and a
      // locked account answers 429 whatever the password, so a burst of guesses learns nothing past the lock.
      await throttle.assertAllowed(email, client.ip);
      if (!user || !matches) throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS);
      if (!user.active) {
        throw new AppError('UNAUTHENTICATED', 'This account is deactivated. Contact the administrator.');
      }
      // The failure counter is cleared only after the second factor: otherwise a known password would
      // reset the lock between each few guesses of the code.
      if (await mfa.hasSecondFactor(user.id))
        return { mfaRequired: true, mfaToken: await mfa.createChallenge(user.id) };
      await throttle.recordSuccess(email);
      const mfaEnrolmentRequired = await mfa.isRequiredFor(user.role);
      const token = await sessions.create(user.id, client, { mfaEnrolmentRequired });
      await userRows.update(db, user.id, { lastSignInAt: nowIso() });
      return { token, user: toSessionUser(user, { mfaEnrolmentRequired }) };
    },

    async loginWithCode(mfaToken, code, client) {
      const user = await mfa.completeChallenge(mfaToken, code, client);
      const token = await sessions.create(user.id, client);
      await userRows.update(db, user.id, { lastSignInAt: nowIso() });
      return { token, user: toSessionUser(user) };
    },

    async me(principal) {
      const user = await userRows.findById(db, principal.id);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
      return toSessionUser(user, principal);
    },

    logout: (principal) => sessions.revoke(principal.sessionId),

    async changePassword(principal, currentPassword, newPassword, client) {
      // Guessing the current password through this call counts like guessing it at sign-in.
      await throttle.assertAllowed(principal.email, client.ip);
      const user = await userRows.findById(db, principal.id);
      if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
        await throttle.recordFailure(principal.email, client.ip);
        await throttle.assertAllowed(principal.email, client.ip);
        throw new AppError('VALIDATION_FAILED', 'The current password is incorrect.', [
          { path: 'currentPassword', message: 'The current password is incorrect.' },
        ]);
      }
      await throttle.recordSuccess(principal.email);
      const passwordHash = await hashPassword(newPassword);
      await unitOfWork(db, async (trx) => {
        await userRows.update(trx, user.id, { passwordHash, mustChangePassword: 0, updatedAt: nowIso() });
        await revokeUserSessions(trx, user.id, nowIso());
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'PASSWORD_CHANGE',
          entityType: 'USER',
          entityId: user.id,
          changes: { mustChangePassword: { before: Boolean(user.mustChangePassword), after: false } },
        });
      });
      return sessions.create(user.id, client, { mfaEnrolmentRequired: principal.mfaEnrolmentRequired });
    },
  };
}
