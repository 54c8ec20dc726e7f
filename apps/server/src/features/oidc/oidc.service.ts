import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import * as openid from 'openid-client';
import type { Role } from '@rtms/shared/enums';
import type { SessionUser } from '@rtms/shared/schemas/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { OidcConfig } from '../../config/config';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { hashPassword } from '../../platform/passwords';
import { foldForSearch } from '../../platform/search-text';
import { sha256Hex } from '../../platform/sha256';
import { type AuditService } from '../audit/audit.service';
import type { SessionsService } from '../sessions/sessions.service';
import { findUserByEmail, userRows } from '../users/users.repository';
import { toSessionUser } from '../users/users.dto';
import { findFacilitiesByCodes } from '../facilities/facilities.repository';
import {
  deleteUserFacilities,
  findAssignmentsOfUser,
  insertUserFacilities,
} from '../user-facilities/user-facilities.repository';
import type { UserRow } from '../users/users.table';
import { claimValues, namesFromClaims, roleFromClaims, type Claims } from './claims';
import {
  completeOidcLogin,
  deleteEndedOidcLogins,
  findIdentity,
  findOidcLoginByHandoff,
  findOidcLoginByState,
  insertIdentity,
  insertOidcLogin,
  setOidcLoginHandoff,
  touchIdentity,
  useOidcHandoff,
} from './oidc.repository';
import { unitOfWork } from '../../db/unit-of-work';

/** From the redirect to the provider to its callback. */
const ATTEMPT_MS = 10 * 60_000;
/** From the callback to the web app collecting its session. */
const HANDOFF_MS = 2 * 60_000;

/**
 * Why a single sign-on did not end in a session; the web app shows a message per reason (six languages)
 * on /signin or, when linking, on the account security page.
 */
export type OidcFailure =
  | 'EXPIRED'
  | 'PROVIDER_ERROR'
  | 'NO_EMAIL'
  | 'NO_ROLE'
  | 'EMAIL_TAKEN'
  | 'DEACTIVATED'
  | 'ALREADY_LINKED'
  | 'UNAVAILABLE';

export type OidcCallbackResult =
  | { kind: 'signed-in'; handoff: string }
  | { kind: 'linked' }
  | { kind: 'failed'; reason: OidcFailure; linking: boolean };

export interface OidcService {
  readonly config: OidcConfig;
  /** The provider's authorization URL for a sign-in (authorization code with PKCE, state and nonce). */
  startSignIn(redirectUri: string): Promise<string>;
  /** The same, to link the provider's account to the signed-in user. */
  startLink(principal: Principal, redirectUri: string): Promise<string>;
  /** Takes the provider's redirect back; never throws for the provider's or the user's mistakes. */
  callback(currentUrl: URL, redirectUri: string): Promise<OidcCallbackResult>;
  /** Exchanges the one-time hand-off code of a completed sign-in for a session. */
  exchangeHandoff(
    code: string,
    client: { ip: string; userAgent?: string },
  ): Promise<{ token: string; user: SessionUser }>;
  /** 403 when password sign-in is switched off for this email (SSO only, except the break-glass admin). */
  assertPasswordSignInAllowed(email: string): void;
  purgeEnded(): Promise<void>;
}

class OidcFailed extends Error {
  constructor(readonly reason: OidcFailure) {
    super(reason);
  }
}

export function createOidcService(
  db: Kysely<Database>,
  config: OidcConfig,
  deps: { sessions: SessionsService; audit: AuditService; log: FastifyBaseLogger },
): OidcService {
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

  async function start(redirectUri: string, linkUserId: string | null): Promise<string> {
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
    const now = Date.now();
    await insertOidcLogin(db, {
      id: newId(),
      stateHash: sha256Hex(state),
      codeVerifier,
      nonce,
      linkUserId,
      expiresAt: nowIso(new Date(now + ATTEMPT_MS)),
      handoffHash: null,
      userId: null,
      usedAt: null,
      createdAt: nowIso(new Date(now)),
    });
    return openid
      .buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: config.scopes,
        state,
        nonce,
        code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /** Makes the user's facility assignments equal the facilities whose codes the claims list. */
  async function syncFacilities(trx: Transaction<Database>, userId: string, claims: Claims): Promise<boolean> {
    const codes = claimValues(claims, config.facilityClaim);
    const wanted = await findFacilitiesByCodes(trx, codes);
    const unknown = codes.filter((code) => !wanted.some((facility) => facility.code === code));
    if (unknown.length > 0)
      deps.log.warn({ unknown }, 'Single sign-on: facility codes in the claims match no facility');
    const current = await findAssignmentsOfUser(trx, userId);
    const add = wanted.filter((facility) => !current.some((row) => row.facilityId === facility.id));
    const remove = current.filter((row) => !wanted.some((facility) => facility.id === row.facilityId));
    const now = nowIso();
    for (const facility of add) {
      const id = newId();
      await insertUserFacilities(trx, [{ id, userId, facilityId: facility.id, createdAt: now, updatedAt: now }]);
      await deps.audit.record(trx, {
        actor: null,
        action: 'ASSIGN',
        entityType: 'USER_FACILITY',
        entityId: id,
        facilityId: facility.id,
        changes: { userId: { before: null, after: userId }, facilityId: { before: null, after: facility.id } },
      });
    }
    for (const row of remove) {
      await deleteUserFacilities(trx, [row.id]);
      await deps.audit.record(trx, {
        actor: null,
        action: 'UNASSIGN',
        entityType: 'USER_FACILITY',
        entityId: row.id,
        facilityId: row.facilityId,
        changes: { userId: { before: userId, after: null }, facilityId: { before: row.facilityId, after: null } },
      });
    }
    return add.length > 0 || remove.length > 0;
  }

  /** First sign-in creates the user; every sign-in brings name, role and facilities in line with the claims. */
  async function signInUser(issuer: string, claims: Claims): Promise<UserRow> {
    const subject = String(claims.sub);
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email || claims.email_verified === false) throw new OidcFailed('NO_EMAIL');
    const identity = await findIdentity(db, issuer, subject);
    const breakGlass = email === config.breakGlassEmail;
    const mappedRole = roleFromClaims(claims, config);
    const names = namesFromClaims(claims, email);
    const now = nowIso();

    if (!identity) {
      // Only a signed-in user may link an existing account (else whoever controls a provider account
      // with the same email would take the local one over).
      if (await findUserByEmail(db, email)) throw new OidcFailed('EMAIL_TAKEN');
      if (!mappedRole) throw new OidcFailed('NO_ROLE');
      const row: UserRow = {
        id: newId(),
        email,
        ...names,
        role: mappedRole,
        // Nobody knows this password: the account signs in through the provider only.
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        active: 1,
        mustChangePassword: 0,
        lastSignInAt: now,
        preferences: null,
        searchText: foldForSearch(names.firstName, names.lastName, email),
        createdAt: now,
        updatedAt: now,
      };
      await unitOfWork(db, async (trx) => {
        await userRows.insert(trx, row);
        await insertIdentity(trx, { id: newId(), userId: row.id, issuer, subject, createdAt: now });
        await deps.audit.record(trx, {
          actor: null,
          action: 'CREATE',
          entityType: 'USER',
          entityId: row.id,
          changes: {
            email: { before: null, after: email },
            firstName: { before: null, after: names.firstName },
            lastName: { before: null, after: names.lastName },
            role: { before: null, after: mappedRole },
            source: { before: null, after: 'single sign-on' },
          },
        });
        await syncFacilities(trx, row.id, claims);
      });
      return row;
    }

    const user = await userRows.findById(db, identity.userId);
    if (!user?.active) throw new OidcFailed('DEACTIVATED');
    // The break-glass admin keeps the role given here, whatever the provider says, so SSO cannot lock everyone out.
    const role: Role | undefined = breakGlass ? user.role : mappedRole;
    if (!role) throw new OidcFailed('NO_ROLE');
    let signOut = false;
    await unitOfWork(db, async (trx) => {
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      if (user.firstName !== names.firstName) changes.firstName = { before: user.firstName, after: names.firstName };
      if (user.lastName !== names.lastName) changes.lastName = { before: user.lastName, after: names.lastName };
      if (user.role !== role) changes.role = { before: user.role, after: role };
      if (user.email !== email && !(await findUserByEmail(trx, email)))
        changes.email = { before: user.email, after: email };
      const after = {
        email: (changes.email?.after as string | undefined) ?? user.email,
        firstName: names.firstName,
        lastName: names.lastName,
      };
      await userRows.update(trx, user.id, {
        ...after,
        role,
        lastSignInAt: now,
        searchText: foldForSearch(after.firstName, after.lastName, after.email),
        ...(Object.keys(changes).length > 0 ? { updatedAt: now } : {}),
      });
      await touchIdentity(trx, identity.id, now);
      if (Object.keys(changes).length > 0) {
        await deps.audit.record(trx, {
          actor: null,
          action: changes.role ? 'ROLE_CHANGE' : 'UPDATE',
          entityType: 'USER',
          entityId: user.id,
          changes,
        });
      }
      const facilitiesChanged = breakGlass ? false : await syncFacilities(trx, user.id, claims);
      signOut = Boolean(changes.role) || facilitiesChanged;
    });
    // PRODUCT §7: a role or facility change ends the user's other sessions.
    if (signOut) await deps.sessions.revokeAllOfUser(user.id);
    return { ...user, role, firstName: names.firstName, lastName: names.lastName };
  }

  return {
    config,
    startSignIn: (redirectUri) => start(redirectUri, null),
    startLink: (principal, redirectUri) => start(redirectUri, principal.id),

    async callback(currentUrl, redirectUri) {
      const state = currentUrl.searchParams.get('state') ?? '';
      const attempt = state ? await findOidcLoginByState(db, sha256Hex(state)) : undefined;
      const linking = Boolean(attempt?.linkUserId);
      const fail = (reason: OidcFailure): OidcCallbackResult => ({ kind: 'failed', reason, linking });
      if (!attempt || !attempt.codeVerifier || Date.parse(attempt.expiresAt) <= Date.now()) return fail('EXPIRED');
      // Spend the state before anything else: a callback URL replayed (history, logs) finds nothing.
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
      try {
        if (attempt.linkUserId) {
          const existing = await findIdentity(db, issuer, String(claims.sub));
          if (existing && existing.userId !== attempt.linkUserId) return fail('ALREADY_LINKED');
          if (!existing) {
            await unitOfWork(db, async (trx) => {
              await insertIdentity(trx, {
                id: newId(),
                userId: attempt.linkUserId as string,
                issuer,
                subject: String(claims.sub),
                createdAt: nowIso(),
              });
              await deps.audit.record(trx, {
                actor: null,
                action: 'UPDATE',
                entityType: 'USER',
                entityId: attempt.linkUserId as string,
                changes: { singleSignOn: { before: null, after: issuer } },
              });
            });
          }
          return { kind: 'linked' };
        }
        const user = await signInUser(issuer, claims);
        await setOidcLoginHandoff(db, attempt.id, sha256Hex(handoff), user.id);
        return { kind: 'signed-in', handoff };
      } catch (error) {
        if (error instanceof OidcFailed) return fail(error.reason);
        throw error;
      }
    },

    async exchangeHandoff(code, client) {
      const attempt = await findOidcLoginByHandoff(db, sha256Hex(code));
      const ended = new AppError('UNAUTHENTICATED', 'This single sign-on has expired. Sign in again.');
      if (!attempt?.userId || attempt.usedAt || Date.parse(attempt.expiresAt) <= Date.now()) throw ended;
      if (!(await useOidcHandoff(db, attempt.id, nowIso()))) throw ended;
      const user = await userRows.findById(db, attempt.userId);
      if (!user?.active) throw ended;
      // The provider did the authentication (its own second factor included): no TOTP step here.
      const token = await deps.sessions.create(user.id, client);
      return { token, user: toSessionUser(user) };
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
