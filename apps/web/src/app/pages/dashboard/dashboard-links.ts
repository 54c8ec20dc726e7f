import { toQueryString } from '../../../components/data/query-string';
import type { TasksQuery } from '../../../features/tasks/api/list-tasks';

/** The Tasks Tracker filtered as a figure counts. */
export function tasksLink(query: TasksQuery): string {
  return `/tasks${toQueryString(query)}`;
}

/** Still to do and not yet overdue, soonest first: the Tracker list "See all" opens. */
export const UPCOMING_LIST = { state: 'DUE_SOON,OPEN,UPCOMING', sort: 'dueDate' } as const;

/** The upcoming deadlines the dashboard lists. */
export const UPCOMING_QUERY = { ...UPCOMING_LIST, pageSize: 8 } as const;
