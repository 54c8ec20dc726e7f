import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgramArea, UpdateProgramAreaBody } from '@rtms/shared/schemas/program-areas';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/program-areas/:id; `{active: false}` deactivates (the area stays readable). */
export function updateProgramArea({
  id,
  body,
}: {
  id: string;
  body: UpdateProgramAreaBody;
}): Promise<{ data: ProgramArea }> {
  return apiRequest('PATCH', `/program-areas/${encodeURIComponent(id)}`, { body });
}

export function useUpdateProgramArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProgramArea,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['program-areas'] }),
        queryClient.invalidateQueries({ queryKey: ['facilities', 'detail'] }),
      ]);
    },
  });
}
