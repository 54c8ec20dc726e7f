import { userPageSchema, userListQuerySchema } from '@rtms/shared/schemas/users';
import { listEndpoint, pickerSearch, type QueryOf } from '../../../components/data/list-endpoint';

/** GET /api/users as a list screen uses it, typed by its shared schemas. */
export const usersEndpoint = listEndpoint('/users', userListQuerySchema, userPageSchema);
/** GET /api/users query, typed by its shared schema: a parameter the server does not know does not compile. */
export type UsersQuery = QueryOf<typeof usersEndpoint>;

/** GET /api/users: the users the caller may see. */
export const { list: listUsers, useList: useUsers } = usersEndpoint;

/** Users matching `search` as select options ("Name <email>"), for pickers elsewhere. */
export const fetchUserOptions = pickerSearch(listUsers, 'name', userLabel);

/** "Name <email>", or the email alone for a user without a name. */
export function userLabel(user: { name: string; email: string }): string {
  return user.name.trim() ? `${user.name} <${user.email}>` : user.email;
}

/** Where a users picker (RemoteSelect) takes its options: spread it on the component. */
export const userOptions = { queryKey: ['users', 'options'], fetchOptions: fetchUserOptions };
