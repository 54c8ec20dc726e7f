import { type TaskDetail, taskDetailResponseSchema } from '@rtms/shared/schemas/tasks';
import { recordEndpoint } from '../../../components/data/list-endpoint';

/** GET /api/tasks/:id, for its evidence rule (evidenceRequired, minEvidence, evidenceCount) and time zone. */
const endpoint = recordEndpoint<TaskDetail>('/tasks', 'tasks', taskDetailResponseSchema, 'evidence-rule');

export const evidenceTaskQueryOptions = endpoint.options;
export const useEvidenceTask = endpoint.useRecord;
