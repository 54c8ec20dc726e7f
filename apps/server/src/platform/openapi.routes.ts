import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { RELEASE } from '@rtms/shared/constants';

/**
 * The Content Security Policy of the docs pages only (the plugin's hook is scoped to its own routes; the
 * app keeps the strict policy of security.ts). swagger-ui loads its scripts and styles from files, so
 * scripts stay 'self'-only; it sets style attributes, hence style-src-attr, and renders one style element. Unlike the plugin's default
 * policy, no `upgrade-insecure-requests` (it blanks the docs on a plain-http intranet address) and no
 * weaker `frame-ancestors 'self'`.
 */
const DOCS_CSP = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // The one style element swagger-ui renders (its logo's SVG <defs>), allowed by its hash.
  'style-src': ["'self'", "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"],
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** OpenAPI 3 document at /api/openapi.json and browsable docs at /api/docs, generated from the route schemas. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'RTMS API',
        description: 'Regulatory Task Management System. Errors are `{message, code, details?}`.',
        version: RELEASE,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP, uiConfig: { validatorUrl: null } });
}
