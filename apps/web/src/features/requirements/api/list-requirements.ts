import { requirementPageSchema, requirementListQuerySchema } from '@rtms/shared/schemas/requirements';
import { listEndpoint, pickerSearch, type QueryOf } from '../../../components/data/list-endpoint';

/** GET /api/requirements as a list table uses it, typed by its shared schemas. */
export const requirementsEndpoint = listEndpoint('/requirements', requirementListQuerySchema, requirementPageSchema);
/** GET /api/requirements query, typed by its shared schema: a parameter the server does not know does not compile. */
export type RequirementsQuery = QueryOf<typeof requirementsEndpoint>;

/** GET /api/requirements: the requirements binding the caller's facilities. */
export const { list: listRequirements, useList: useRequirements } = requirementsEndpoint;

/** Requirements matching `search` as select options (title, and citation when there is one). */
export const fetchRequirementOptions = pickerSearch(listRequirements, 'title', (requirement) =>
  requirement.citation ? `${requirement.title} (${requirement.citation})` : requirement.title,
);

/** Where a requirement list filter (UrlRemoteFilter) takes its options: spread it on the component. */
export const requirementOptions = { queryKey: ['requirements', 'options'], fetchOptions: fetchRequirementOptions };
