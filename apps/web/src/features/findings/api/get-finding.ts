import { type FindingDetail, findingResponseSchema } from '@rtms/shared/schemas/findings';
import { recordEndpoint } from '../../../components/data/list-endpoint';

/** GET /api/findings/:id: the finding with its actions and history. */
const endpoint = recordEndpoint<FindingDetail>('/findings', 'findings', findingResponseSchema);

export const useFinding = endpoint.useRecord;
