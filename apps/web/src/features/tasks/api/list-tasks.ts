import { taskPageSchema, taskListQuerySchema } from '@rtms/shared/schemas/tasks';
import { listEndpoint, type QueryOf } from '../../../components/data/list-endpoint';

/** GET /api/tasks, typed by its shared schemas. */
const endpoint = listEndpoint('/tasks', taskListQuerySchema, taskPageSchema);
/** GET /api/tasks query, typed by its shared schema: a parameter the server does not know does not compile. */
export type TasksQuery = QueryOf<typeof endpoint>;

/** GET /api/tasks: the tasks of the caller's facilities. */
export const { list: listTasks, useList: useTasks } = endpoint;
