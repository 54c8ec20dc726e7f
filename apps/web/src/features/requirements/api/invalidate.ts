import type { QueryClient } from '@tanstack/react-query';

/** After a requirement changes, its lists, its detail and every task list (tasks were added, moved or removed). */
export async function invalidateRequirementsAndTasks(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['requirements'] }),
    queryClient.invalidateQueries({ queryKey: ['tasks'] }),
  ]);
}
