import { type RequirementDetail, requirementResponseSchema } from '@rtms/shared/schemas/requirements';
import { recordEndpoint } from '../../../components/data/list-endpoint';

/** GET /api/requirements/:id: the requirement with its facility bindings (those in the caller's scope). */
const endpoint = recordEndpoint<RequirementDetail>('/requirements', 'requirements', requirementResponseSchema);

export const requirementQueryOptions = endpoint.options;
export const useRequirement = endpoint.useRecord;
