import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DocumentKind } from '@rtms/shared/enums';

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

/**
 * A change of one document (update, archive, restore): once it succeeded, `invalidateDocuments`, with the
 * tasks when the document is evidence.
 */
export function useDocumentChange<Variables, Result extends { data: { kind: DocumentKind } }>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => invalidateDocuments(queryClient, { tasks: result.data.kind === 'TASK' }),
  });
}
