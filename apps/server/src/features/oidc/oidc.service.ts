import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import * as openid from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { OidcConfig } from '../../config/config';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { sha256Hex } from '../../platform/sha256';
import { actorOf, type AuditService } from '../audit/audit.service';
import type { SessionsService } from '../sessions/sessions.service';
import { isSessionLive } from '../sessions/sessions.repository';
import { userRows } from '../users/users.repository';
import { toSessionUser } from '../users/users.dto';
import { newBrowserSecret } from './browser-binding';
import { completeSigning, redeemSigningGrant, SIGNING_AUTHORIZATION } from './oidc-signing';
import { belongsToAnotherUser, onceMoreIfRaced, toLinkRequest } from './oidc-helpers';
import type { LinkRequestStatus } from './oidc.table';
import { roleFromClaims, type Claims } from './claims';
import {
  completeOidcLogin,
  decideLinkRequest,
  deleteEndedOidcLogins,
  findLinkRequest,
  findPendingLinkRequests,
  findIdentity,
  findOidcLoginByHandoff,
  findOidcLoginByState,
  insertIdentity,
  insertLinkRequest,
  insertOidcLogin,
  setOidcLoginHandoff,
  useOidcHandoff,
} from './oidc.repository';
import { unitOfWork } from '../../db/unit-of-work';
import {
  ATTEMPT_MS,
  HANDOFF_MS,
  OidcFailed,
  type OidcCallbackResult,
  type OidcFailure,
  type OidcService,
  type OidcStart,
} from './oidc-types';
import { createOidcUserSync } from './oidc-user-sync';

export { BROWSER_BINDING_MS } from './oidc-types';
export type { OidcCallbackResult, OidcFailure, OidcService, OidcStart } from './oidc-types';

export function createOidcService(
  db: Kysely<Database>,
  config: OidcConfig,
  deps: { sessions: SessionsService; audit: AuditService; log: FastifyBaseLogger },
): OidcService {
  const { signInUser } = createOidcUserSync(db, config, deps);
  // Discovery is fetched on first use (the app starts while the provider is down) and kept; a failure is retried.
  let discovered: Promise<openid.Configuration> | undefined;
  function provider(): Promise<openid.Configuration> {
    discovered ??= openid
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        // http:// is allowed by configuration only for a provider on this machine (development, tests).
        ...(new URL(config.issuer).protocol === 'http:' ? { execute: [openid.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  async function start(
    redirectUri: string,
    link: { userId: string; sessionId: string } | null,
    signing?: { returnTo: string },
  ): Promise<OidcStart> {
    let configuration: openid.Configuration;
    try {
      configuration = await provider();
    } catch (error) {
      deps.log.warn({ err: error }, 'OpenID provider discovery failed');
      throw new AppError('UNAVAILABLE', 'Single sign-on is unavailable right now. Try again later.');
    }
    const state = openid.randomState();
    const nonce = openid.randomNonce();
    const codeVerifier = openid.randomPKCECodeVerifier();
    const browserSecret = newBrowserSecret();
    const now = Date.now();
    await insertOidcLogin(db, {
      id: newId(),
      stateHash: sha256Hex(state),
      codeVerifier,
      nonce,
      linkUserId: link?.userId ?? null,
      sessionId: link?.sessionId ?? null,
      browserHash: sha256Hex(browserSecret),
      expiresAt: nowIso(new Date(now + ATTEMPT_MS)),
      handoffHash: null,
      userId: null,
      usedAt: null,
      createdAt: nowIso(new Date(now)),
      purpose: signing ? 'SIGN' : 'SIGN_IN',
      authTime: null,
      returnTo: signing?.returnTo ?? null,
    });
    const url = openid
      .buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: config.scopes,
        state,
        nonce,
        code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(signing ? SIGNING_AUTHORIZATION : {}),
      })
      .toString();
    return { url, browserSecret };
  }

  /** Links a provider account to a user (the user's own, or approved by `actor`), audited. */
  async function link(
    trx: Transaction<Database>,
    userId: string,
    identity: { issuer: string; subject: string },
    actor: Principal | null,
  ): Promise<void> {
    await insertIdentity(trx, { id: newId(), userId, ...identity, createdAt: nowIso() });
    await deps.audit.record(trx, {
      actor: actor ? actorOf(actor) : null,
      action: 'UPDATE',
      entityType: 'USER',
      entityId: userId,
      changes: { singleSignOn: { before: null, after: identity.issuer } },
    });
  }

  /**
   * The callback of a link: the provider account is linked at once only when its verified email is the
   * account's; else it waits for an ALL_FACILITY_ADMIN (decision 036). Nothing of the account changes here:
   * role and facilities follow the role map at the next single sign-on, the email never.
   */
  async function completeLink(userId: string, issuer: string, claims: Claims): Promise<OidcCallbackResult> {
    const subject = String(claims.sub);
    const existing = await findIdentity(db, issuer, subject);
    if (existing) {
      return existing.userId === userId
        ? { kind: 'linked' }
        : { kind: 'failed', reason: 'ALREADY_LINKED', linking: true };
    }
    const user = await userRows.findById(db, userId);
    if (!user?.active) return { kind: 'failed', reason: 'DEACTIVATED', linking: true };
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email) return { kind: 'failed', reason: 'NO_EMAIL', linking: true };
    // A provider account that names another user's email is that user's: neither linked nor put to an
    // administrator, who could be led to hand its role map (and its person's role) to this account.
    if (await belongsToAnotherUser(db, email, userId))
      return { kind: 'failed', reason: 'OTHER_ACCOUNT', linking: true };
    const verified = claims.email_verified === true;
    if (verified && email === user.email.toLowerCase()) {
      await unitOfWork(db, (trx) => link(trx, userId, { issuer, subject }, null));
      return { kind: 'linked' };
    }
    const mappedRole = roleFromClaims(claims, config) ?? null;
    await unitOfWork(db, async (trx) => {
      const id = newId();
      await insertLinkRequest(trx, {
        id,
        userId,
        issuer,
        subject,
        email,
        emailVerified: verified ? 1 : 0,
        mappedRole,
        status: 'PENDING',
        decidedById: null,
        decidedAt: null,
        createdAt: nowIso(),
      });
      await deps.audit.record(trx, {
        actor: null,
        action: 'UPDATE',
        entityType: 'USER',
        entityId: userId,
        changes: { singleSignOnRequest: { before: null, after: { id, issuer, email, emailVerified: verified } } },
      });
    });
    return { kind: 'link-pending' };
  }

  return {
    config,
    startSignIn: (redirectUri) => start(redirectUri, null),
    startLink: (principal, redirectUri) => start(redirectUri, { userId: principal.id, sessionId: principal.sessionId }),
    startSigning: (principal, redirectUri, returnTo) =>
      start(redirectUri, { userId: principal.id, sessionId: principal.sessionId }, { returnTo }),
    redeemSigningGrant: (principal, grant) => redeemSigningGrant(db, principal, grant),

    async callback(currentUrl, redirectUri, browserSecret) {
      const state = currentUrl.searchParams.get('state') ?? '';
      const attempt = state ? await findOidcLoginByState(db, sha256Hex(state)) : undefined;
      const signing = attempt?.purpose === 'SIGN' ? { returnTo: attempt.returnTo ?? '/' } : undefined;
      const linking = Boolean(attempt?.linkUserId) && !signing;
      const fail = (reason: OidcFailure): OidcCallbackResult => ({ kind: 'failed', reason, linking, ...signing });
      if (!attempt || !attempt.codeVerifier || Date.parse(attempt.expiresAt) <= Date.now()) return fail('EXPIRED');
      // Spend the state before anything else: a callback URL replayed (history, logs) finds nothing, and one
      // opened in another browser burns the attempt, so it cannot be carried back to the starting browser.
      const handoff = randomBytes(32).toString('base64url');
      const { codeVerifier, nonce } = attempt;
      if (
        !(await completeOidcLogin(db, attempt.id, {
          handoffHash: null,
          userId: null,
          expiresAt: nowIso(new Date(Date.now() + HANDOFF_MS)),
        }))
      ) {
        return fail('EXPIRED');
      }
      // Only the browser that started the attempt completes it (the linking attack and login CSRF).
      if (!browserSecret || !attempt.browserHash || sha256Hex(browserSecret) !== attempt.browserHash) {
        return fail('OTHER_BROWSER');
      }
      // A link completes only while the session that asked for it is live (not signed out, not revoked).
      if (attempt.linkUserId && !(attempt.sessionId && (await isSessionLive(db, attempt.sessionId, nowIso())))) {
        return fail('EXPIRED');
      }
      let claims: Claims;
      let issuer: string;
      try {
        const configuration = await provider();
        // The callback URL as the provider redirected to it: our redirect URI plus the provider's parameters.
        const callbackUrl = new URL(redirectUri);
        callbackUrl.search = currentUrl.search;
        const tokens = await openid.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        claims = (tokens.claims() ?? {}) as Claims;
        issuer = configuration.serverMetadata().issuer;
      } catch (error) {
        deps.log.warn({ err: error }, 'Single sign-on callback refused');
        return fail('PROVIDER_ERROR');
      }
      if (signing) {
        const outcome = await completeSigning(db, attempt, issuer, claims);
        if (outcome.kind === 'refused') return fail(outcome.reason === 'STALE' ? 'STALE' : 'OTHER_ACCOUNT');
        return { kind: 'signing-grant', grant: outcome.grant, returnTo: signing.returnTo };
      }
      try {
        const linkUserId = attempt.linkUserId;
        if (linkUserId) return await onceMoreIfRaced(() => completeLink(linkUserId, issuer, claims));
        const user = await onceMoreIfRaced(() => signInUser(issuer, claims));
        await setOidcLoginHandoff(db, attempt.id, sha256Hex(handoff), user.id);
        return { kind: 'signed-in', handoff };
      } catch (error) {
        if (error instanceof OidcFailed) return fail(error.reason);
        throw error;
      }
    },

    async exchangeHandoff(code, browserSecret, client) {
      const attempt = await findOidcLoginByHandoff(db, sha256Hex(code));
      const ended = new AppError('UNAUTHENTICATED', 'This single sign-on has expired. Sign in again.');
      if (!attempt?.userId || attempt.usedAt || Date.parse(attempt.expiresAt) <= Date.now()) throw ended;
      // A code carried to another browser signs nobody in there (login CSRF): it is left for its own browser.
      if (!browserSecret || sha256Hex(browserSecret) !== attempt.browserHash) {
        throw new AppError('UNAUTHENTICATED', 'This single sign-on was started in another browser. Sign in again.');
      }
      if (!(await useOidcHandoff(db, attempt.id, nowIso()))) throw ended;
      const user = await userRows.findById(db, attempt.userId);
      if (!user?.active) throw ended;
      // The provider did the authentication (its own second factor included): no TOTP step here.
      const token = await deps.sessions.create(user.id, client);
      return { token, user: toSessionUser(user) };
    },

    listLinkRequests: async () => (await findPendingLinkRequests(db)).map(toLinkRequest),

    async decideLinkRequest(principal, id, { decision }) {
      const request = await findLinkRequest(db, id);
      if (!request) throw notFound('Link request');
      const decided = await unitOfWork(db, async (trx) => {
        const status: LinkRequestStatus = decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
        const decidedAt = nowIso();
        if (!(await decideLinkRequest(trx, id, { status, decidedById: principal.id, decidedAt }))) {
          throw conflict('This link request has already been decided');
        }
        const identity = { issuer: request.issuer, subject: request.subject };
        if (decision === 'APPROVE') {
          if (await findIdentity(trx, identity.issuer, identity.subject)) {
            throw conflict('This provider account is already linked to a user');
          }
          if (!(await userRows.findById(trx, request.userId))?.active) throw conflict('This user is deactivated');
          // The email may have become another user's since the request was made.
          if (await belongsToAnotherUser(trx, request.email, request.userId)) {
            throw conflict(`${request.email} is another user's email: this provider account cannot be linked here`);
          }
          await link(trx, request.userId, identity, principal);
        }
        await deps.audit.record(trx, {
          actor: actorOf(principal),
          action: 'UPDATE',
          entityType: 'USER',
          entityId: request.userId,
          changes: { singleSignOnRequest: { before: { id, status: 'PENDING' }, after: { id, status } } },
        });
        return { ...request, status, decidedById: principal.id, decidedAt };
      });
      return toLinkRequest(decided);
    },

    assertPasswordSignInAllowed(email) {
      if (config.only && email.toLowerCase() !== config.breakGlassEmail) {
        throw forbidden(`Sign in with ${config.label}. Password sign-in is turned off for this installation.`);
      }
    },

    purgeEnded: () => deleteEndedOidcLogins(db, nowIso(new Date(Date.now() - 86_400_000))),
  };
}

/** 404 for the SSO routes of an installation without single sign-on. */
export function requireOidc(oidc: OidcService | undefined): OidcService {
  if (!oidc) throw notFound('Single sign-on');
  return oidc;
}
