import type { z } from 'zod';
import { programAreaPageSchema, type programAreaListQuerySchema } from '@rtms/shared/schemas/program-areas';
import { listEndpoint } from '../../../components/data/list-endpoint';

export type ProgramAreasPage = z.infer<typeof programAreaPageSchema>;
/** GET /api/program-areas query, typed by its shared schema: a parameter the server does not know does not compile. */
export type ProgramAreasQuery = z.input<typeof programAreaListQuerySchema>;

/** GET /api/program-areas as a list screen uses it. */
export const programAreasEndpoint = listEndpoint<ProgramAreasQuery, ProgramAreasPage>(
  '/program-areas',
  'program-areas',
  programAreaPageSchema,
);

/** GET /api/program-areas */
export const listProgramAreas = programAreasEndpoint.list;
export const useProgramAreas = programAreasEndpoint.useList;
