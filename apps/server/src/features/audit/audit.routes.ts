import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditEventSchema,
  auditListQuerySchema,
  auditPageSchema,
  auditVerifyResponseSchema,
} from '@rtms/shared/schemas/audit';
import { dataOf } from '@rtms/shared/schemas/common';
import type { AuthGuards } from '../../platform/auth';
import { registerRecordRoutes } from '../../platform/crud.routes';
import type { AuditService } from './audit.service';
import { errorResponses, routeOptions } from '../../platform/route-schema';

const errors = errorResponses(400, 401, 403, 404);

/** The audit trail: list (filtered, scoped), read one event, verify the hash chain. */
export function auditRoutes(audit: AuditService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'audit', errors);
  return async (app) => {
    registerRecordRoutes(app, route, audit, {
      path: '/audit',
      list: {
        access: 'audit:view',
        summary: 'List audit events (facility roles: events of their facilities)',
        query: auditListQuerySchema,
        page: auditPageSchema,
      },
      get: { access: 'audit:view', summary: 'Read one audit event', answer: dataOf(auditEventSchema) },
    });

    app.get(
      '/audit/verify',
      route('audit:verify', 'Verify the audit hash chain: intact, number of events checked, first broken event', {
        response: { 200: auditVerifyResponseSchema },
      }),
      async () => ({ data: await audit.verify() }),
    );
  };
}
