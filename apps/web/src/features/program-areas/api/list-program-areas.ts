import { programAreaPageSchema, programAreaListQuerySchema } from '@rtms/shared/schemas/program-areas';
import { listEndpoint, type QueryOf } from '../../../components/data/list-endpoint';

/** GET /api/program-areas as a list screen uses it, typed by its shared schemas. */
export const programAreasEndpoint = listEndpoint('/program-areas', programAreaListQuerySchema, programAreaPageSchema);
/** GET /api/program-areas query, typed by its shared schema: a parameter the server does not know does not compile. */
export type ProgramAreasQuery = QueryOf<typeof programAreasEndpoint>;

/** GET /api/program-areas */
export const { list: listProgramAreas, useList: useProgramAreas } = programAreasEndpoint;
