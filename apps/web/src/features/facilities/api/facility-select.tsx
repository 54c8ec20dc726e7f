import { RemoteSelect, type RemoteSelectProps } from '../../../components/data/remote-select';
import { fetchFacilityOptions } from './list-facilities';

type FacilitySelectProps = Omit<RemoteSelectProps, 'queryKey' | 'fetchOptions' | 'mode'>;

/** A form's choice of one facility (or none), searched on the server: the value is its id. */
export function FacilitySelect(props: FacilitySelectProps) {
  return (
    <RemoteSelect allowClear queryKey={['facilities', 'options']} fetchOptions={fetchFacilityOptions} {...props} />
  );
}

/** A form's choice of several facilities, searched on the server: the value is their ids. */
export function FacilitiesSelect(props: FacilitySelectProps) {
  return (
    <RemoteSelect mode="multiple" queryKey={['facilities', 'options']} fetchOptions={fetchFacilityOptions} {...props} />
  );
}
