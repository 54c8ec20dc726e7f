import { RemoteSelect, type RemoteSelectProps } from '../../../components/data/remote-select';
import { fetchUserOptions } from './list-users';

/** A form's choice of several users, searched on the server (the value is their ids). */
export function UsersSelect(props: Omit<RemoteSelectProps, 'queryKey' | 'fetchOptions' | 'mode'>) {
  return <RemoteSelect mode="multiple" queryKey={['users', 'options']} fetchOptions={fetchUserOptions} {...props} />;
}
