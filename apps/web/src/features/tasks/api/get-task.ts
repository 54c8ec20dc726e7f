import { type TaskDetail, taskDetailResponseSchema } from '@rtms/shared/schemas/tasks';
import { recordEndpoint } from '../../../components/data/list-endpoint';

/** GET /api/tasks/:id: the task with its windows, evidence gate, comments and history. */
const endpoint = recordEndpoint<TaskDetail>('/tasks', 'tasks', taskDetailResponseSchema);

export const taskQueryOptions = endpoint.options;
export const useTask = endpoint.useRecord;
