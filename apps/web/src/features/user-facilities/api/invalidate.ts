import type { QueryClient } from '@tanstack/react-query';

/** An assignment changes both sides: the assignments, the users (their facilities) and the facilities (their users). */
export function invalidateAssignments(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['user-facilities'] }),
    queryClient.invalidateQueries({ queryKey: ['users'] }),
    queryClient.invalidateQueries({ queryKey: ['facilities', 'detail'] }),
  ]);
}
