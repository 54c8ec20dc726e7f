import type { Kysely } from 'kysely';
import type { ReauthenticationMethod, ReviewBody } from '@rtms/shared/schemas/reviews';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { AppError, invalid } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import type { LoginThrottle } from '../auth/login-throttle';
import type { MfaService } from '../mfa/mfa.service';
import type { OidcService } from '../oidc/oidc.service';
import { userRows } from '../users/users.repository';

export interface ReauthenticationDeps {
  throttle: LoginThrottle;
  mfa: Pick<MfaService, 'hasSecondFactor' | 'verifySigningCode'>;
  oidc?: Pick<OidcService, 'redeemSigningGrant' | 'assertPasswordSignInAllowed'>;
}

type Proof = Pick<ReviewBody, 'password' | 'code' | 'signingGrant'>;

/**
 * Re-authenticates the signer of an electronic signature in the request that signs (decision 042): a one-time
 * signing grant of a fresh single sign-on; else, for a user with a second factor, a TOTP code (a code already
 * used is refused); else the password (not for an account that signs in through single sign-on only). Every
 * wrong proof counts like a wrong password in the sign-in throttle (per account and per address; 429 once
 * locked) and answers 400 on its field; the session itself stays (a 401 would sign the browser out).
 */
export function createReauthentication(db: Kysely<Database>, deps: ReauthenticationDeps) {
  const { throttle, mfa, oidc } = deps;

  async function failed(principal: Principal, client: { ip: string }, path: string, message: string): Promise<never> {
    await throttle.recordFailure(principal.email, client.ip);
    await throttle.assertAllowed(principal.email, client.ip);
    throw invalid(message, [{ path, message }]);
  }

  return async function reauthenticate(
    principal: Principal,
    proof: Proof,
    client: { ip: string },
  ): Promise<ReauthenticationMethod> {
    await throttle.assertAllowed(principal.email, client.ip);
    if (proof.signingGrant !== undefined) {
      if (!oidc) throw invalid('Single sign-on is not set up here', [{ path: 'signingGrant', message: 'Not set up' }]);
      if (!(await oidc.redeemSigningGrant(principal, proof.signingGrant))) {
        return failed(
          principal,
          client,
          'signingGrant',
          'This single sign-on is more than 5 minutes old or was already used. Sign in again to sign.',
        );
      }
      await throttle.recordSuccess(principal.email);
      return 'SINGLE_SIGN_ON';
    }
    if (await mfa.hasSecondFactor(principal.id)) {
      if (proof.code === undefined) {
        const message = 'Enter a code from your authenticator app to sign';
        throw invalid(message, [{ path: 'code', message }]);
      }
      await mfa.verifySigningCode(principal, proof.code, client);
      return 'TOTP';
    }
    if (proof.password === undefined) {
      const message = 'Enter your password to sign (you have no second factor)';
      throw invalid(message, [{ path: 'password', message }]);
    }
    try {
      oidc?.assertPasswordSignInAllowed(principal.email);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const message = 'Sign with single sign-on: password sign-in is turned off here';
      throw invalid(message, [{ path: 'signingGrant', message }]);
    }
    const user = await userRows.findById(db, principal.id);
    if (!user || !(await verifyPassword(user.passwordHash, proof.password))) {
      return failed(principal, client, 'password', 'The password is incorrect.');
    }
    await throttle.recordSuccess(principal.email);
    return 'PASSWORD';
  };
}
export type Reauthenticate = ReturnType<typeof createReauthentication>;
