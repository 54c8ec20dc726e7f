import type { z } from 'zod';
import { programAreaPageSchema, type programAreaListQuerySchema } from '@rtms/shared/schemas/program-areas';
import { listEndpoint } from '../../../components/data/list-endpoint';

export type ProgramAreasPage = z.infer<typeof programAreaPageSchema>;
/** GET /api/program-areas query, typed by its shared schema: a parameter the server does not know does not compile. */
export type ProgramAreasQuery = z.input<typeof programAreaListQuerySchema>;

const endpoint = listEndpoint<ProgramAreasQuery, ProgramAreasPage>(
  '/program-areas',
  'program-areas',
  programAreaPageSchema,
);

/** GET /api/program-areas */
export const listProgramAreas = endpoint.list;
export const useProgramAreas = endpoint.useList;
