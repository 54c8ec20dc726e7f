import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { evidencePackQuerySchema } from '@rtms/shared/schemas/documents';
import type { FastifyReply } from 'fastify';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { setFileHeaders } from '../../platform/downloads';
import { RATE_LIMITS, type RateLimiter } from '../../platform/rate-limit';
import type { EvidencePack, EvidencePacksService } from './evidence-packs.service';
import { errorResponses, routeOptions } from '../../platform/route-schema';

const DESCRIPTION =
  'A ZIP (streamed) with every active evidence file of the tasks due from `from` to `to` (inclusive) of the ' +
  'chosen facility, requirement and/or program area, within your facilities; `index.csv` and `index.pdf` list ' +
  'the tasks (due and completion dates, timeliness, who completed them) and each file with its SHA-256; ' +
  '`SHA256SUMS.txt` checks with `sha256sum -c`. Errors are JSON (400, 401, 404, and 429 past ' +
  `${RATE_LIMITS.evidencePacks.limit} packs per ${RATE_LIMITS.evidencePacks.windowMs / 60_000} minutes).`;

function send(reply: FastifyReply, pack: EvidencePack) {
  setFileHeaders(reply, { fileName: pack.fileName, mediaType: 'application/zip' });
  return reply.send(pack.stream);
}

/** `/api/evidence-packs`: what an auditor asks for, in one download. */
export function evidencePacksRoutes(
  packs: EvidencePacksService,
  guards: AuthGuards,
  rateLimits: RateLimiter,
): FastifyPluginAsyncZod {
  // A pack is a file: no JSON success answer to document, only the errors.
  const route = routeOptions(guards, 'documents', errorResponses(400, 401, 404, 429));
  const rateLimited = { onRequest: rateLimits.limit(RATE_LIMITS.evidencePacks) };
  return async (app) => {
    app.get(
      '/evidence-packs',
      {
        ...rateLimited,
        ...route('signed-in', 'Download an evidence pack (ZIP of evidence with a CSV and PDF index)', {
          description: DESCRIPTION,
          querystring: evidencePackQuerySchema,
          response: {},
        }),
      },
      async (request, reply) => send(reply, await packs.build(principalOf(request), request.query)),
    );

    app.post(
      '/evidence-packs',
      {
        ...rateLimited,
        ...route('signed-in', 'Download an evidence pack (the same, with the selection in a JSON body)', {
          description: DESCRIPTION,
          body: evidencePackQuerySchema,
          response: {},
        }),
      },
      async (request, reply) => send(reply, await packs.build(principalOf(request), request.body)),
    );
  };
}
