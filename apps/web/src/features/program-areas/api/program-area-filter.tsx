import { useT } from '../../../lib/i18n/use-t';
import { UrlRemoteFilter, type UrlRemoteFilterProps } from '../../../components/data/url-filters';
import { fetchProgramAreaOptions } from './program-area-options';

/**
 * A list's program-area filter bound to the table's URL state. Inactive areas are offered too (marked
 * "inactive"): their records are still listed, so filtering on them must stay possible.
 */
export function ProgramAreaFilter<F extends string>(props: Omit<UrlRemoteFilterProps<F>, 'queryKey' | 'fetchOptions'>) {
  const t = useT();
  return (
    <UrlRemoteFilter
      queryKey={['program-areas', 'filter-options']}
      fetchOptions={(search) =>
        fetchProgramAreaOptions(search, t('data.inactive')).then((options) =>
          options.map((option) => ({ ...option, disabled: false })),
        )
      }
      {...props}
    />
  );
}
