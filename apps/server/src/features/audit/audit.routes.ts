import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditEventSchema,
  auditListQuerySchema,
  auditPageSchema,
  auditVerifyResponseSchema,
} from '@rtms/shared/schemas/audit';
import { dataOf } from '@rtms/shared/schemas/common';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { AuditService } from './audit.service';
import { errorResponses, idParams, routeOptions } from '../../platform/route-schema';

const errors = errorResponses(400, 401, 403, 404);

/** The audit trail: list (filtered, scoped), read one event, verify the hash chain. */
export function auditRoutes(audit: AuditService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'audit', errors);
  return async (app) => {
    app.get(
      '/audit',
      route('audit:view', 'List audit events (facility roles: events of their facilities)', {
        querystring: auditListQuerySchema,
        response: { 200: auditPageSchema },
      }),
      async (request) => audit.list(principalOf(request), request.query),
    );

    app.get(
      '/audit/verify',
      route('audit:verify', 'Verify the audit hash chain: intact, number of events checked, first broken event', {
        response: { 200: auditVerifyResponseSchema },
      }),
      async () => ({ data: await audit.verify() }),
    );

    app.get(
      '/audit/:id',
      route('audit:view', 'Read one audit event', {
        params: idParams,
        response: { 200: dataOf(auditEventSchema) },
      }),
      async (request) => ({ data: await audit.get(principalOf(request), request.params.id) }),
    );
  };
}
