import type { SessionUser, SsoLinkDecisionBody, SsoLinkRequest } from '@rtms/shared/schemas/auth';
import type { OidcConfig } from '../../config/config';
import type { Principal } from '../../platform/auth';

/** The single sign-on service's contract: its timings, its answers and its failures. */

/** From the redirect to the provider to its callback. */
export const ATTEMPT_MS = 10 * 60_000;
/** From the callback to the web app collecting its session. */
export const HANDOFF_MS = 2 * 60_000;
/** How long the browser keeps the secret binding an attempt to it: the whole attempt, hand-off included. */
export const BROWSER_BINDING_MS = ATTEMPT_MS + HANDOFF_MS;

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
  | 'UNAVAILABLE'
  /** The callback reached a browser other than the one that started the attempt (decision 036). */
  | 'OTHER_BROWSER'
  /** A link to a provider account whose email is another user's: by its email it is that user's (decision 036). */
  | 'OTHER_ACCOUNT'
  /** A signing sign-in whose auth_time is missing or more than five minutes old (decision 042). */
  | 'STALE';

export type OidcCallbackResult =
  | { kind: 'signed-in'; handoff: string }
  | { kind: 'linked' }
  /** The provider's email is not the account's verified email: an administrator decides (decision 036). */
  | { kind: 'link-pending' }
  /** A fresh sign-in for a signature: the one-time grant, for the web app's page `returnTo` (decision 042). */
  | { kind: 'signing-grant'; grant: string; returnTo: string }
  | { kind: 'failed'; reason: OidcFailure; linking: boolean; returnTo?: string };

/** An attempt started: the provider address to open, and the secret for the starting browser's cookie. */
export interface OidcStart {
  url: string;
  browserSecret: string;
}

export interface OidcService {
  readonly config: OidcConfig;
  /** The provider's authorization URL for a sign-in (authorization code with PKCE, state and nonce). */
  startSignIn(redirectUri: string): Promise<OidcStart>;
  /** The same, to link the provider's account to the signed-in user of this session. */
  startLink(principal: Principal, redirectUri: string): Promise<OidcStart>;
  /**
   * Takes the provider's redirect back, in the browser holding `browserSecret`; never throws for the
   * provider's or the user's mistakes.
   */
  callback(currentUrl: URL, redirectUri: string, browserSecret: string): Promise<OidcCallbackResult>;
  /** A fresh sign-in at the provider (`prompt=login`, `max_age`) to sign a review, returning to `returnTo`. */
  startSigning(principal: Principal, redirectUri: string, returnTo: string): Promise<OidcStart>;
  /** Spends a signing grant of this user and session; false when it is not one (used, stale, another's). */
  redeemSigningGrant(principal: Principal, grant: string): Promise<boolean>;
  /** Exchanges the one-time hand-off code of a completed sign-in for a session, in the browser that started it. */
  exchangeHandoff(
    code: string,
    browserSecret: string,
    client: { ip: string; userAgent?: string },
  ): Promise<{ token: string; user: SessionUser }>;
  /** The links waiting for an administrator, oldest first. */
  listLinkRequests(): Promise<SsoLinkRequest[]>;
  /** Approves (links) or rejects a pending link request; 404 unknown, 409 already decided or linked elsewhere. */
  decideLinkRequest(principal: Principal, id: string, body: SsoLinkDecisionBody): Promise<SsoLinkRequest>;
  /** 403 when password sign-in is switched off for this email (SSO only, except the break-glass admin). */
  assertPasswordSignInAllowed(email: string): void;
  purgeEnded(): Promise<void>;
}

export class OidcFailed extends Error {
  constructor(readonly reason: OidcFailure) {
    super(reason);
  }
}
