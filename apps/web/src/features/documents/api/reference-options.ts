import { requirementPageSchema } from '@rtms/shared/schemas/requirements';
import { taskPageSchema, type TaskPage } from '@rtms/shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';
import type { RemoteOption } from '../../../components/data/remote-select';
import { listRegulations } from '../../regulations/api/list-regulations';

/** Requirements matching `search` as select options (GET /api/requirements, in the caller's scope). */
export async function fetchRequirementOptions(search: string): Promise<RemoteOption[]> {
  const page = await apiRequest(
    'GET',
    `/requirements${toQueryString({ search: search || undefined, pageSize: 50, sort: 'title' })}`,
    requirementPageSchema,
  );
  return page.data.map((requirement) => ({
    value: requirement._id,
    label: requirement.citation ? `${requirement.title} (${requirement.citation})` : requirement.title,
  }));
}

/** Regulations matching `search` as select options ("Title (citation)"). */
export async function fetchRegulationOptions(search: string): Promise<RemoteOption[]> {
  const page = await listRegulations({ search: search || undefined, pageSize: 50, sort: 'title' });
  return page.data.map((regulation) => ({
    value: regulation._id,
    label: regulation.citation ? `${regulation.title} (${regulation.citation})` : regulation.title,
  }));
}

/**
 * Tasks matching `search` (requirement, facility) as select options, the nearest due first:
 * "Title · Facility · due date". `describe` formats one task's label.
 */
export async function fetchTaskOptions(
  search: string,
  describe: (task: TaskPage['data'][number]) => string,
): Promise<RemoteOption[]> {
  const page = await apiRequest(
    'GET',
    `/tasks${toQueryString({ search: search || undefined, pageSize: 50, sort: 'dueDate', status: 'INCOMPLETE' })}`,
    taskPageSchema,
  );
  return page.data.map((task) => ({ value: task._id, label: describe(task) }));
}
