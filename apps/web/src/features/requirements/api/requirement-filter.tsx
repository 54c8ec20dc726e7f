import { UrlRemoteFilter, type UrlRemoteFilterProps } from '../../../components/data/url-filters';
import { fetchRequirementOptions } from './list-requirements';

/** A list toolbar's requirement filter (one requirement or all), bound to the filter `name` of its URL state. */
export function RequirementFilter<F extends string>(props: Omit<UrlRemoteFilterProps<F>, 'queryKey' | 'fetchOptions'>) {
  return <UrlRemoteFilter queryKey={['requirements', 'options']} fetchOptions={fetchRequirementOptions} {...props} />;
}
