import type { QueryClient } from '@tanstack/react-query';

/**
 * After a document changes: every document list and detail, and the tasks (a task's evidence count
 * and history change with its evidence).
 */
export async function invalidateDocuments(queryClient: QueryClient, { tasks = false } = {}): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['documents'] }),
    tasks ? queryClient.invalidateQueries({ queryKey: ['tasks'] }) : undefined,
  ]);
}
