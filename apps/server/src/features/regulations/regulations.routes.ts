import { regulationSchemas } from '@rtms/shared/schemas/regulations';
import { settingsRoutes } from '../../platform/crud.routes';

/** Settings → Regulations: everyone reads; the all-facility roles manage. */
export const regulationsRoutes = settingsRoutes('/regulations', 'regulation:read', regulationSchemas, {
  one: 'a regulation',
  many: 'regulations',
});
