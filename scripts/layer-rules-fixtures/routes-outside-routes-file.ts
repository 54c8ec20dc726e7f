// lint as: apps/server/src/features/widgets/widgets-extra.ts
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import type { FastifyInstance } from 'fastify';
import { findWidgets } from './widgets.repository';

export function registerWidgetExtras(app: FastifyInstance, cache: Map<string, string>) {
  app.get('/api/widgets/extra', async () => findWidgets()); // breaks
  app.post('/api/widgets/extra', { schema: {} }, async () => ({})); // breaks
  app.delete(`/api/widgets/extra/${'x'}`, async () => ({})); // breaks
  const kept = cache.get('key') ?? app.get('not-a-path', async () => undefined);
  app.route({ method: 'GET', url: '/api/widgets/other', handler: async () => ({}) }); // breaks
  app.register(async () => undefined);
  return kept;
}
