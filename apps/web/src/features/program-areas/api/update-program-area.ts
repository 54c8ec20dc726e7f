import {
  type ProgramArea,
  type UpdateProgramAreaBody,
  programAreaResponseSchema,
} from '@rtms/shared/schemas/program-areas';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

/** PATCH /api/program-areas/:id; `{active: false}` deactivates (the area stays readable). */
export function updateProgramArea({
  id,
  body,
}: {
  id: string;
  body: UpdateProgramAreaBody;
}): Promise<{ data: ProgramArea }> {
  return apiRequest('PATCH', `/program-areas/${encodeURIComponent(id)}`, programAreaResponseSchema, { body });
}

export function useUpdateProgramArea() {
  return useInvalidatingMutation(updateProgramArea, [['program-areas'], ['facilities', 'detail']]);
}
