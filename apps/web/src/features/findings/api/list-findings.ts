import {
  correctiveActionListQuerySchema,
  correctiveActionPageSchema,
  findingListQuerySchema,
  findingPageSchema,
} from '@rtms/shared/schemas/findings';
import { listEndpoint, type QueryOf } from '../../../components/data/list-endpoint';

/** GET /api/findings as a list screen uses it, typed by its shared schemas. */
export const findingsEndpoint = listEndpoint('/findings', findingListQuerySchema, findingPageSchema);
export type FindingsQuery = QueryOf<typeof findingsEndpoint>;
export const { list: listFindings, useList: useFindings } = findingsEndpoint;

/** GET /api/corrective-actions: the actions in my facilities (mine with `ownerId`). */
export const correctiveActionsEndpoint = listEndpoint(
  '/corrective-actions',
  correctiveActionListQuerySchema,
  correctiveActionPageSchema,
);
export const { useList: useCorrectiveActions } = correctiveActionsEndpoint;
