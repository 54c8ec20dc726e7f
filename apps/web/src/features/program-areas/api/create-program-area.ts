import {
  type CreateProgramAreaBody,
  type ProgramArea,
  programAreaResponseSchema,
} from '@rtms/shared/schemas/program-areas';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

/** POST /api/program-areas */
export function createProgramArea(body: CreateProgramAreaBody): Promise<{ data: ProgramArea }> {
  return apiRequest('POST', '/program-areas', programAreaResponseSchema, { body });
}

export function useCreateProgramArea() {
  return useInvalidatingMutation(createProgramArea, [['program-areas']]);
}
