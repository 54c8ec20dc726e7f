import { useT } from '../../../lib/i18n/use-t';
import { listProgramAreas } from './list-program-areas';

/** Program areas matching `search` as select options; inactive ones are shown but cannot be newly chosen. */
export async function fetchProgramAreaOptions(
  search: string,
  inactiveSuffix: string,
): Promise<{ value: string; label: string; disabled?: boolean }[]> {
  const page = await listProgramAreas({ search: search || undefined, pageSize: 100, sort: 'name' });
  return page.data.map((area) => ({
    value: area._id,
    label: area.active ? area.name : `${area.name} (${inactiveSuffix})`,
    disabled: !area.active,
  }));
}

/**
 * Where a form's program-area picker (RemoteSelect) takes its options: inactive areas are shown (marked
 * "inactive") but cannot be chosen. Spread it on the component.
 */
export function useProgramAreaOptions() {
  const t = useT();
  return {
    queryKey: ['program-areas', 'options'],
    fetchOptions: (search: string) => fetchProgramAreaOptions(search, t('data.inactive')),
  };
}

/**
 * Where a list's program-area filter (UrlRemoteFilter) takes its options. Inactive areas are offered too (marked
 * "inactive"): their records are still listed, so filtering on them must stay possible.
 */
export function useProgramAreaFilterOptions() {
  const t = useT();
  return {
    queryKey: ['program-areas', 'filter-options'],
    fetchOptions: (search: string) =>
      fetchProgramAreaOptions(search, t('data.inactive')).then((options) =>
        options.map((option) => ({ ...option, disabled: false })),
      ),
  };
}
