import { useT } from '../../../lib/i18n/use-t';
import { UrlRemoteFilter, type UrlRemoteFilterProps } from '../../../components/data/url-filters';
import { fetchAssigneeFilterOptions } from './assignee-options';
import { useUserOption } from './known-options';

/**
 * The assignee filter of a task list or calendar: one person, or "Unassigned" (`none`), bound to the filter
 * `name` of its URL state; the chosen person is named even before the options are searched.
 */
export function AssigneeFilter<F extends string>({ state, name }: Pick<UrlRemoteFilterProps<F>, 'state' | 'name'>) {
  const t = useT();
  const known = useUserOption(state.filters[name]);
  return (
    <UrlRemoteFilter
      state={state}
      name={name}
      label={t('task.assignee')}
      queryKey={['users', 'assignee-filter']}
      fetchOptions={(search) => fetchAssigneeFilterOptions(search, t('task.unassigned'))}
      knownOptions={[{ value: 'none', label: t('task.unassigned') }, ...known]}
    />
  );
}
