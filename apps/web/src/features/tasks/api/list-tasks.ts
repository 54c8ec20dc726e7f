import type { z } from 'zod';
import { type TaskPage, type taskListQuerySchema, taskPageSchema } from '@rtms/shared/schemas/tasks';
import { listEndpoint } from '../../../components/data/list-endpoint';

/** GET /api/tasks query, typed by its shared schema: a parameter the server does not know does not compile. */
export type TasksQuery = z.input<typeof taskListQuerySchema>;

const endpoint = listEndpoint<TasksQuery, TaskPage>('/tasks', 'tasks', taskPageSchema);

/** GET /api/tasks: the tasks of the caller's facilities. */
export const listTasks = endpoint.list;
export const useTasks = endpoint.useList;
