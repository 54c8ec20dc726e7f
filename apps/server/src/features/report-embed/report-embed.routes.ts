import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportEmbedBodySchema, reportEmbedResponseSchema } from '@rtms/shared/schemas/report-embed';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { routeOptions } from '../../platform/route-schema';
import type { ReportEmbedService } from './report-embed.service';

/** /api/report-embed: the embedded BI report's address; everyone reads it, the all-facility admins set it. */
export function reportEmbedRoutes(embed: ReportEmbedService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'reports');
  return async (app) => {
    app.get(
      '/report-embed',
      route('signed-in', 'The address of the embedded BI report ("Power BI Report"), or null when none is set', {
        response: { 200: reportEmbedResponseSchema },
      }),
      async () => ({ data: await embed.read() }),
    );

    app.put(
      '/report-embed',
      route(
        'reportEmbed:manage',
        'Set (https, on app.powerbi.com or a host in REPORT_EMBED_HOSTS) or clear (null) the address of the embedded BI report',
        { body: reportEmbedBodySchema, response: { 200: reportEmbedResponseSchema } },
      ),
      async (request) => ({ data: await embed.write(principalOf(request), request.body) }),
    );
  };
}
