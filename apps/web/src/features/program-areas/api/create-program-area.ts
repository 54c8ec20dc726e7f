import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProgramAreaBody, ProgramArea } from '@rtms/shared/schemas/program-areas';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/program-areas */
export function createProgramArea(body: CreateProgramAreaBody): Promise<{ data: ProgramArea }> {
  return apiRequest('POST', '/program-areas', { body });
}

export function useCreateProgramArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProgramArea,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['program-areas'] }),
  });
}
