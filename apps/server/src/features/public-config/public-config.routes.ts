import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@rtms/shared/constants';
import { publicConfigResponseSchema } from '@rtms/shared/schemas/public-config';
import type { AppConfig } from '../../config/config';
import { publicRouteOptions } from '../../platform/route-schema';

/** What the web app shows before sign-in: app name, logo, company, website, support email. */
export function publicConfigRoutes(config: AppConfig): FastifyPluginAsyncZod {
  const data = {
    appName: config.appName,
    logoUrl: config.logoUrl,
    companyName: config.companyName,
    companyWebsite: config.companyWebsite,
    supportEmail: config.supportEmail,
    version: APP_VERSION,
    // The "Sign in with …" button; `only` hides the password form (the break-glass admin opens it by link).
    sso: config.oidc ? { label: config.oidc.label, only: config.oidc.only } : null,
  };
  return async (app) => {
    app.get(
      '/config',
      publicRouteOptions('system')('Public installation settings', { response: { 200: publicConfigResponseSchema } }),
      async () => ({ data }),
    );
  };
}
