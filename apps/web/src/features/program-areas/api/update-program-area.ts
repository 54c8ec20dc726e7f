import {
  type ProgramArea,
  type UpdateProgramAreaBody,
  programAreaResponseSchema,
} from '@rtms/shared/schemas/program-areas';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { recordUpdate } from '../../../components/data/list-endpoint';

/** PATCH /api/program-areas/:id; `{active: false}` deactivates (the area stays readable). */
export const updateProgramArea = recordUpdate<UpdateProgramAreaBody, { data: ProgramArea }>(
  '/program-areas',
  programAreaResponseSchema,
);

export function useUpdateProgramArea() {
  return useInvalidatingMutation(updateProgramArea, [['program-areas'], ['facilities', 'detail']]);
}
