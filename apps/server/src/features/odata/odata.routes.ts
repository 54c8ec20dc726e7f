import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../platform/errors';
import { RATE_LIMITS, type RateLimiter } from '../../platform/rate-limit';
import type { AccessTokensService, TokenOwner } from '../access-tokens/access-tokens.service';
import { tokenOf } from './odata-auth';
import { metadataXml } from './odata-metadata';
import type { ODataService } from './odata.service';
import { ENTITY_SETS, entitySetNamed } from './sets';

const owners = new WeakMap<FastifyRequest, TokenOwner>();

function ownerOf(request: FastifyRequest): TokenOwner {
  const owner = owners.get(request);
  if (!owner) throw unauthenticated();
  return owner;
}

const unauthenticated = () =>
  new AppError(
    'UNAUTHENTICATED',
    'Send a personal access token: Bearer, or Basic with the token as the password',
    undefined,
    {
      'www-authenticate': 'Basic realm="RTMS OData", charset="UTF-8"',
    },
  );

/** The feed's address as the client reached it (PUBLIC_URL when set). */
function baseOf(publicUrl: string, request: FastifyRequest): string {
  return `${(publicUrl || `${request.protocol}://${request.host}`).replace(/\/+$/, '')}/odata`;
}

/**
 * The product's error body `{code, message, details?}` in OData's shape `{error: {code, message, details?}}`:
 * the global error handler decides the status (400, 401, 404, 429, 503, …); here only the body is rewritten.
 */
function odataErrorBody(reply: FastifyReply, payload: unknown): unknown {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as { code?: string; message?: string; details?: unknown };
    if (!body.code || !body.message) return payload;
    const details = Array.isArray(body.details)
      ? (body.details as { path?: string; message?: string }[]).map((detail) => ({
          code: body.code,
          target: detail.path,
          message: detail.message,
        }))
      : undefined;
    return JSON.stringify({ error: { code: body.code, message: body.message, ...(details ? { details } : {}) } });
  } catch {
    return payload;
  }
}

/**
 * /odata: the read-only OData v4 feed for BI tools. Only a personal access token opens it (a session token is
 * refused here, as a personal access token is on /api); each request reads with the owner's role and facilities
 * as they are at that moment.
 */
export function odataRoutes(
  odata: ODataService,
  tokens: AccessTokensService,
  options: { publicUrl: string; rateLimits: RateLimiter },
): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', options.rateLimits.limit(RATE_LIMITS.odata));
    app.addHook('onRequest', async (request, reply) => {
      void reply.header('odata-version', '4.0').header('cache-control', 'no-store');
      const secret = tokenOf(request);
      const owner = secret ? await tokens.authenticate(secret) : undefined;
      if (!owner) throw unauthenticated();
      owners.set(request, owner);
    });
    app.addHook('onSend', async (_request, reply, payload) => odataErrorBody(reply, payload));

    const serviceDocument = async (request: FastifyRequest) => {
      const base = baseOf(options.publicUrl, request);
      return {
        '@odata.context': `${base}/$metadata`,
        value: ENTITY_SETS.map((set) => ({ name: set.name, kind: 'EntitySet', url: set.name })),
      };
    };
    const hidden = { schema: { hide: true } };
    app.get('/odata', hidden, serviceDocument);
    app.get('/odata/', hidden, serviceDocument);
    // Anything deeper (a key, a navigation, /$count) is not served: an OData 404, never the web app's page.
    app.get('/odata/*', hidden, async (request) => {
      throw notFound(`OData resource ${request.url.split('?')[0]!.slice(0, 100)}`);
    });
    app.get('/odata/$metadata', hidden, async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').send(metadataXml(ENTITY_SETS)),
    );
    app.get<{ Params: { set: string } }>('/odata/:set', hidden, async (request, reply) => {
      const set = entitySetNamed(request.params.set);
      if (!set) throw notFound(`Entity set ${request.params.set.slice(0, 60)}`);
      const answer = await odata.collection(
        ownerOf(request),
        set,
        request.query as Record<string, unknown>,
        baseOf(options.publicUrl, request),
      );
      return reply.type('application/json; odata.metadata=minimal; charset=utf-8').send(answer);
    });
  };
}
