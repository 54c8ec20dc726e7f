import type { QueryClient } from '@tanstack/react-query';

/** After a task changes: every task list, detail and the dashboard's figures (all under `['tasks']`). */
export function invalidateTasks(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['tasks'] });
}
