import type { TaskDetail } from '@rtms/shared/schemas/tasks';
import { recordEndpoint } from '../../../components/data/list-endpoint';

/** GET /api/tasks/:id, for its evidence rule (evidenceRequired, minEvidence, evidenceCount) and time zone. */
const endpoint = recordEndpoint<TaskDetail>('/tasks', 'tasks', 'evidence-rule');

export const evidenceTaskQueryOptions = endpoint.options;
export const useEvidenceTask = endpoint.useRecord;
