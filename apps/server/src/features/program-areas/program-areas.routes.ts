import { programAreaSchemas } from '@rtms/shared/schemas/program-areas';
import { settingsRoutes } from '../../platform/crud.routes';

/** Settings → Program Areas: everyone reads; the all-facility roles manage. */
export const programAreasRoutes = settingsRoutes('/program-areas', 'programArea:read', programAreaSchemas, {
  one: 'a program area',
  many: 'program areas',
  createNote: '(name unique regardless of case)',
});
