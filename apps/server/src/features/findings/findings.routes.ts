import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelFindingBodySchema,
  correctiveActionListQuerySchema,
  correctiveActionPageSchema,
  correctiveActionResponseSchema,
  createCorrectiveActionBodySchema,
  createFindingBodySchema,
  findingListQuerySchema,
  findingPageSchema,
  findingResponseSchema,
  findingSettingsResponseSchema,
  findingSettingsSchema,
  findingSummaryQuerySchema,
  findingSummaryResponseSchema,
  updateCorrectiveActionBodySchema,
  updateFindingBodySchema,
  verifyFindingBodySchema,
} from '@rtms/shared/schemas/findings';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { idParams as params, routeOptions } from '../../platform/route-schema';
import type { AutomaticFindings } from './automatic-findings';
import type { CorrectiveActionsService } from './corrective-actions.service';
import type { FindingsService } from './findings.service';

/**
 * Findings and corrective actions. Everyone reads and records findings in their facilities; the facility's admins
 * and the all-facility roles manage them (root cause, actions, verification, closing); an action's owner updates
 * that action. Outside the caller's facilities everything answers 404.
 */
export function findingsRoutes(
  findings: FindingsService,
  actions: CorrectiveActionsService,
  automatic: AutomaticFindings,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'findings');
  return async (app) => {
    app.get(
      '/findings',
      route('finding:read', 'List findings (filters, search, sort)', {
        querystring: findingListQuerySchema,
        response: { 200: findingPageSchema },
      }),
      async (request) => findings.list(principalOf(request), request.query),
    );

    app.get(
      '/findings/summary',
      route('finding:read', 'Open findings, open HIGH or CRITICAL ones, those with overdue actions, reports due', {
        querystring: findingSummaryQuerySchema,
        response: { 200: findingSummaryResponseSchema },
      }),
      async (request) => ({ data: await findings.summary(principalOf(request), request.query.facilityId) }),
    );

    app.post(
      '/findings',
      route('finding:create', 'Record a finding by hand (audit, inspection, self-identified, agency notice)', {
        body: createFindingBodySchema,
        response: { 201: findingResponseSchema },
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await findings.create(principalOf(request), request.body) }),
    );

    app.get(
      '/findings/:id',
      route('finding:read', 'A finding with its actions and history', {
        params,
        response: { 200: findingResponseSchema },
      }),
      async (request) => ({ data: await findings.get(principalOf(request), request.params.id) }),
    );

    app.patch(
      '/findings/:id',
      route('finding:manage', 'Update a finding: its root cause, severity, owner, report', {
        params,
        body: updateFindingBodySchema,
        response: { 200: findingResponseSchema },
      }),
      async (request) => ({ data: await findings.update(principalOf(request), request.params.id, request.body) }),
    );

    app.post(
      '/findings/:id/verify',
      route('finding:manage', 'Verify whether the fix was effective (by someone who owns none of its actions)', {
        params,
        body: verifyFindingBodySchema,
        response: { 200: findingResponseSchema },
      }),
      async (request) => ({ data: await findings.verify(principalOf(request), request.params.id, request.body) }),
    );

    app.post(
      '/findings/:id/close',
      route('finding:manage', 'Close a verified finding whose actions are all done or cancelled', {
        params,
        response: { 200: findingResponseSchema },
      }),
      async (request) => ({ data: await findings.close(principalOf(request), request.params.id) }),
    );

    app.post(
      '/findings/:id/cancel',
      route('finding:manage', 'Cancel a finding with a reason (its open actions are cancelled)', {
        params,
        body: cancelFindingBodySchema,
        response: { 200: findingResponseSchema },
      }),
      async (request) => ({ data: await findings.cancel(principalOf(request), request.params.id, request.body) }),
    );

    app.post(
      '/findings/:id/actions',
      route('finding:manage', 'Add a corrective action (owner, due date, type) to a finding', {
        params,
        body: createCorrectiveActionBodySchema,
        response: { 201: correctiveActionResponseSchema },
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await actions.create(principalOf(request), request.params.id, request.body) }),
    );

    app.get(
      '/corrective-actions',
      route('finding:read', 'Corrective actions in my facilities (filters: status, overdue, owner, facility)', {
        querystring: correctiveActionListQuerySchema,
        response: { 200: correctiveActionPageSchema },
      }),
      async (request) => actions.list(principalOf(request), request.query),
    );

    app.patch(
      '/corrective-actions/:id',
      route('finding:read', 'Update an action: its owner completes it or asks for a later date; managers edit it', {
        params,
        body: updateCorrectiveActionBodySchema,
        response: { 200: correctiveActionResponseSchema },
      }),
      async (request) => ({ data: await actions.update(principalOf(request), request.params.id, request.body) }),
    );

    app.get(
      '/finding-settings',
      route('finding:read', 'Whether each automatic source (missed task, late completion) opens findings', {
        response: { 200: findingSettingsResponseSchema },
      }),
      async () => ({ data: await automatic.getSettings() }),
    );

    app.put(
      '/finding-settings',
      route('findingSettings:manage', 'Turn each automatic source of findings on or off', {
        body: findingSettingsSchema,
        response: { 200: findingSettingsResponseSchema },
      }),
      async (request) => ({ data: await automatic.updateSettings(principalOf(request), request.body) }),
    );
  };
}
