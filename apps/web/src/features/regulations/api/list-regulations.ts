import { regulationPageSchema, regulationListQuerySchema } from '@rtms/shared/schemas/regulations';
import { listEndpoint, type QueryOf } from '../../../components/data/list-endpoint';

/** GET /api/regulations as a list screen uses it, typed by its shared schemas. */
export const regulationsEndpoint = listEndpoint('/regulations', regulationListQuerySchema, regulationPageSchema);
/** GET /api/regulations query, typed by its shared schema: a parameter the server does not know does not compile. */
export type RegulationsQuery = QueryOf<typeof regulationsEndpoint>;

/** GET /api/regulations */
export const { list: listRegulations, useList: useRegulations } = regulationsEndpoint;
