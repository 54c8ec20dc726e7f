import type { z } from 'zod';
import { regulationPageSchema, type regulationListQuerySchema } from '@rtms/shared/schemas/regulations';
import { listEndpoint } from '../../../components/data/list-endpoint';

export type RegulationsPage = z.infer<typeof regulationPageSchema>;
/** GET /api/regulations query, typed by its shared schema: a parameter the server does not know does not compile. */
export type RegulationsQuery = z.input<typeof regulationListQuerySchema>;

/** GET /api/regulations as a list screen uses it. */
export const regulationsEndpoint = listEndpoint<RegulationsQuery, RegulationsPage>(
  '/regulations',
  'regulations',
  regulationPageSchema,
);

/** GET /api/regulations */
export const listRegulations = regulationsEndpoint.list;
export const useRegulations = regulationsEndpoint.useList;
