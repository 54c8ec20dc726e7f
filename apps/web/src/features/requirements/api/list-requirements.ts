import type { z } from 'zod';
import { requirementPageSchema, type requirementListQuerySchema } from '@rtms/shared/schemas/requirements';
import { listEndpoint, pickerSearch } from '../../../components/data/list-endpoint';

export type RequirementPage = z.infer<typeof requirementPageSchema>;
/** GET /api/requirements query, typed by its shared schema: a parameter the server does not know does not compile. */
export type RequirementsQuery = z.input<typeof requirementListQuerySchema>;

/** GET /api/requirements as a list table uses it. */
export const requirementsEndpoint = listEndpoint<RequirementsQuery, RequirementPage>(
  '/requirements',
  'requirements',
  requirementPageSchema,
);

/** GET /api/requirements: the requirements binding the caller's facilities. */
export const listRequirements = requirementsEndpoint.list;
export const useRequirements = requirementsEndpoint.useList;

/** Requirements matching `search` as select options (title, and citation when there is one). */
export const fetchRequirementOptions = pickerSearch(listRequirements, 'title', (requirement) =>
  requirement.citation ? `${requirement.title} (${requirement.citation})` : requirement.title,
);
