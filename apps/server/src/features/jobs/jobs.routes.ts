import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobListSchema, jobRunResponseSchema } from '@rtms/shared/schemas/notifications';
import type { AuthGuards } from '../../platform/auth';
import type { JobsService } from './jobs.service';
import { errorResponses, routeOptions } from '../../platform/route-schema';

const errors = errorResponses(400, 401, 403, 404);

/** The daily and periodic jobs (ALL_FACILITY_ADMIN): their last runs, and running one now. */
export function jobsRoutes(jobs: JobsService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'jobs', errors);
  return async (app) => {
    app.get(
      '/jobs',
      route('job:run', 'Each job with its last run', { response: { 200: jobListSchema } }),
      async () => ({ data: await jobs.list() }),
    );
    app.post(
      '/jobs/:name/run',
      route('job:run', 'Run a job now (idempotent) and answer its counts', {
        params: z.object({ name: z.string().min(1).max(64) }),
        response: { 200: jobRunResponseSchema },
      }),
      async (request) => ({ data: { name: request.params.name, result: await jobs.runNow(request.params.name) } }),
    );
  };
}
