import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEventSchema,
  auditListQuerySchema,
  auditPageSchema,
  auditVerifyResponseSchema,
} from '@rtms/shared/schemas/audit';
import { dataOf, idSchema } from '@rtms/shared/schemas/common';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { AuditService } from './audit.service';
import { errorResponses, bearerSecurity as security } from '../../platform/route-schema';

const errors = errorResponses(400, 401, 403, 404);

/** The audit trail: list (filtered, scoped), read one event, verify the hash chain. */
export function auditRoutes(audit: AuditService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit',
      {
        preHandler: guards.requirePermission('audit:view'),
        schema: {
          tags: ['audit'],
          summary: 'List audit events (facility roles: events of their facilities)',
          security,
          querystring: auditListQuerySchema,
          response: { 200: auditPageSchema, ...errors },
        },
      },
      async (request) => audit.list(principalOf(request), request.query),
    );

    app.get(
      '/audit/verify',
      {
        preHandler: guards.requirePermission('audit:verify'),
        schema: {
          tags: ['audit'],
          summary: 'Verify the audit hash chain: intact, number of events checked, first broken event',
          security,
          response: { 200: auditVerifyResponseSchema, ...errors },
        },
      },
      async () => ({ data: await audit.verify() }),
    );

    app.get(
      '/audit/:id',
      {
        preHandler: guards.requirePermission('audit:view'),
        schema: {
          tags: ['audit'],
          summary: 'Read one audit event',
          security,
          params: z.object({ id: idSchema }),
          response: { 200: dataOf(auditEventSchema), ...errors },
        },
      },
      async (request) => ({ data: await audit.get(principalOf(request), request.params.id) }),
    );
  };
}
