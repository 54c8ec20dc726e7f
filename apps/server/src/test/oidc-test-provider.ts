import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider, type KoaContextWithOIDC } from 'oidc-provider';

/** Claims of one account at the test provider (`sub` is its id). */
export type TestAccount = { sub: string } & Record<string, unknown>;

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * The account the next sign-in at the provider signs in as (the provider's login screen is skipped);
   * `authenticatedSecondsAgo` dates its authentication (the ID token's auth_time) that far back.
   */
  signInAs(account: TestAccount, options?: { authenticatedSecondsAgo?: number }): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package, the certified implementation many
 * products use) on a free local port, with one confidential client. Its login and consent screens are
 * replaced by "sign in as the chosen account", so a test drives the real redirects, PKCE, tokens and
 * ID token signature without a second browser form.
 */
export async function startTestOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'rtms';
  const clientSecret = 'rtms-test-client-secret-0123456789';
  const accounts = new Map<string, TestAccount>();
  let current: TestAccount | undefined;
  let authenticatedSecondsAgo = 0;

  // A signing key of this run (RS256), so that the ID tokens are signed as in production.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'groups', 'facilities'],
    },
    // Every claim of the granted scopes in the ID token (RTMS reads the ID token, not the userinfo endpoint).
    conformIdTokenClaims: false,
    cookies: { keys: ['test-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => account };
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    // First-party client: consent is implied (the provider's documented recipe for skipping consent).
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      const account = current;
      if (!account) {
        res.writeHead(500).end('signInAs() was not called');
        return;
      }
      provider
        .interactionFinished(
          req,
          res,
          { login: { accountId: account.sub, ts: Math.floor(Date.now() / 1000) - authenticatedSecondsAgo } },
          { mergeWithLastSubmission: false },
        )
        .catch((error: unknown) => res.writeHead(500).end(String(error)));
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account, options = {}) {
      accounts.set(account.sub, account);
      current = account;
      authenticatedSecondsAgo = options.authenticatedSecondsAgo ?? 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
