import { useT } from '../../../lib/i18n/use-t';
import { fetchAssigneeFilterOptions } from './assignee-options';
import { useUserOption } from './known-options';

/**
 * What the assignee filter of a task list or calendar (UrlRemoteFilter) takes: one person, or "Unassigned"
 * (`none`); the chosen person (`value`, from the URL) is named even before the options are searched. Spread it on
 * the component with the filter's state and name.
 */
export function useAssigneeFilterOptions(value: string | undefined) {
  const t = useT();
  const known = useUserOption(value);
  return {
    label: t('task.assignee'),
    queryKey: ['users', 'assignee-filter'],
    fetchOptions: (search: string) => fetchAssigneeFilterOptions(search, t('task.unassigned')),
    knownOptions: [{ value: 'none', label: t('task.unassigned') }, ...known],
  };
}
