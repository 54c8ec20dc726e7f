import { UrlRemoteFilter, type UrlRemoteFilterProps } from '../../../components/data/url-filters';
import { fetchFacilityOptions } from './list-facilities';

/** A list toolbar's facility filter (one facility or all), bound to the filter `name` of its URL state. */
export function FacilityFilter<F extends string>(props: Omit<UrlRemoteFilterProps<F>, 'queryKey' | 'fetchOptions'>) {
  return <UrlRemoteFilter queryKey={['facilities', 'options']} fetchOptions={fetchFacilityOptions} {...props} />;
}
