import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  sessionResponseSchema,
  ssoLinkDecisionBodySchema,
  ssoLinkRequestListResponseSchema,
  ssoLinkRequestResponseSchema,
  ssoLinkResponseSchema,
} from '@rtms/shared/schemas/auth';
import { signingSignInBodySchema, signingSignInResponseSchema } from '@rtms/shared/schemas/reviews';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { BROWSER_BINDING_MS, requireOidc, type OidcService } from './oidc.service';
import { browserSecretOf, clearBrowserSecret, setBrowserSecret } from './browser-binding';
import { errorResponses, idParams, publicRouteOptions, routeOptions } from '../../platform/route-schema';

const errors = errorResponses(400, 401, 404, 503);
const decisionErrors = errorResponses(400, 401, 403, 404, 409);

/**
 * Single sign-on with OpenID Connect (`/api/auth/oidc/*`): authorization code with PKCE. The
 * callback hands the web app a one-time code in the /signin address (never the bearer token itself), which
 * it exchanges for a session with `POST /api/auth/oidc/session`. The start and the link give the browser an
 * HttpOnly cookie that the callback and the hand-off require (browser-binding.ts, decision 036).
 */
export function oidcRoutes(
  oidc: OidcService | undefined,
  guards: AuthGuards,
  options: { publicUrl: string; signinUrl: string },
): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'session', errors);
  const publicRoute = publicRouteOptions('session', errors);
  /** Our callback address as the provider knows it: from PUBLIC_URL, else from this request (behind TRUST_PROXY). */
  const redirectUriOf = (request: FastifyRequest) =>
    new URL('/api/auth/oidc/callback', options.publicUrl || `${request.protocol}://${request.host}`).toString();

  return async (app) => {
    app.get(
      '/auth/oidc/start',
      // Public: the way in for a caller without a session.
      publicRoute(
        'Single sign-on: redirects to the OpenID provider and sets the HttpOnly cookie `rtms_sso` binding the attempt to this browser (404 when not configured)',
        {
          response: { 302: z.null() },
        },
      ),
      async (request, reply) => {
        const redirectUri = redirectUriOf(request);
        const { url, browserSecret } = await requireOidc(oidc).startSignIn(redirectUri);
        setBrowserSecret(reply, redirectUri, browserSecret, BROWSER_BINDING_MS);
        return reply.redirect(url, 302);
      },
    );

    app.get(
      '/auth/oidc/callback',
      // Public: the provider sends the browser back here, without a session.
      publicRouteOptions('session', errorResponses(404))(
        'Single sign-on: the provider returns here; redirects to the web app with the outcome',
        { response: { 302: z.null() } },
      ),
      async (request, reply) => {
        const service = requireOidc(oidc);
        const redirectUri = redirectUriOf(request);
        const result = await service.callback(
          new URL(request.url, 'http://callback.invalid'),
          redirectUri,
          browserSecretOf(request),
        );
        const signin = options.signinUrl || '/signin';
        // A sign-in keeps the cookie for the hand-off; anything else is over.
        if (result.kind === 'signed-in')
          return reply.redirect(`${signin}?sso=${encodeURIComponent(result.handoff)}`, 302);
        clearBrowserSecret(reply, redirectUri);
        if (result.kind === 'linked') return reply.redirect('/account-security?linked=1', 302);
        if (result.kind === 'link-pending') return reply.redirect('/account-security?linkPending=1', 302);
        // A signing sign-in returns to its page with the one-time grant (or why there is none).
        if (result.kind === 'signing-grant')
          return reply.redirect(`${result.returnTo}?signingGrant=${encodeURIComponent(result.grant)}`, 302);
        const page = result.returnTo ?? (result.linking ? '/account-security' : signin);
        return reply.redirect(`${page}?ssoError=${result.reason}`, 302);
      },
    );

    app.post(
      '/auth/oidc/session',
      // Public: the one-time code from the callback is its credential.
      publicRoute(
        'Single sign-on: exchanges the one-time code from the callback for a session, only with the `rtms_sso` cookie of the browser that started the sign-in',
        {
          body: z
            .object({ code: z.string({ message: 'This field is required' }).min(1, 'This field is required').max(128) })
            .strict(),
          response: { 200: sessionResponseSchema },
        },
      ),
      async (request, reply) => {
        const session = await requireOidc(oidc).exchangeHandoff(request.body.code, browserSecretOf(request), {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        clearBrowserSecret(reply, redirectUriOf(request));
        return { data: session };
      },
    );

    app.post(
      '/auth/oidc/link',
      route(
        'signed-in',
        'Link my account to the single sign-on provider: answers the provider address to open, in this browser only (cookie `rtms_sso`); a provider email other than mine (verified) waits for an administrator',
        {
          response: { 200: ssoLinkResponseSchema },
        },
      ),
      async (request, reply) => {
        const redirectUri = redirectUriOf(request);
        const { url, browserSecret } = await requireOidc(oidc).startLink(principalOf(request), redirectUri);
        setBrowserSecret(reply, redirectUri, browserSecret, BROWSER_BINDING_MS);
        return { data: { url } };
      },
    );

    app.post(
      '/auth/oidc/sign',
      route(
        'signed-in',
        'Sign a review by single sign-on: answers the provider address of a fresh sign-in (prompt=login, max_age), in this browser only (cookie `rtms_sso`); the callback returns to `returnTo` with a one-time `signingGrant` when the sign-in is at most five minutes old',
        { body: signingSignInBodySchema, response: { 200: signingSignInResponseSchema } },
      ),
      async (request, reply) => {
        const redirectUri = redirectUriOf(request);
        const { url, browserSecret } = await requireOidc(oidc).startSigning(
          principalOf(request),
          redirectUri,
          request.body.returnTo,
        );
        setBrowserSecret(reply, redirectUri, browserSecret, BROWSER_BINDING_MS);
        return { data: { url } };
      },
    );

    const adminRoute = routeOptions(guards, 'session', decisionErrors);
    app.get(
      '/auth/oidc/link-requests',
      adminRoute('user:manageAdmins', 'Single sign-on links waiting for an administrator (decision 036)', {
        response: { 200: ssoLinkRequestListResponseSchema },
      }),
      async () => ({ data: await requireOidc(oidc).listLinkRequests() }),
    );

    app.post(
      '/auth/oidc/link-requests/:id/decide',
      adminRoute('user:manageAdmins', 'Approve (link) or reject a single sign-on link waiting for an administrator', {
        params: idParams,
        body: ssoLinkDecisionBodySchema,
        response: { 200: ssoLinkRequestResponseSchema },
      }),
      async (request) => ({
        data: await requireOidc(oidc).decideLinkRequest(principalOf(request), request.params.id, request.body),
      }),
    );
  };
}
