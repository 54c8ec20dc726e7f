import type { z } from 'zod';
import { userPageSchema, type userListQuerySchema } from '@rtms/shared/schemas/users';
import { listEndpoint, pickerSearch } from '../../../components/data/list-endpoint';

export type UserPage = z.infer<typeof userPageSchema>;
/** GET /api/users query, typed by its shared schema: a parameter the server does not know does not compile. */
export type UsersQuery = z.input<typeof userListQuerySchema>;

/** GET /api/users as a list screen uses it. */
export const usersEndpoint = listEndpoint<UsersQuery, UserPage>('/users', 'users', userPageSchema);

/** GET /api/users: the users the caller may see. */
export const listUsers = usersEndpoint.list;
export const useUsers = usersEndpoint.useList;

/** Users matching `search` as select options ("Name <email>"), for pickers elsewhere. */
export const fetchUserOptions = pickerSearch(listUsers, 'name', userLabel);

/** "Name <email>", or the email alone for a user without a name. */
export function userLabel(user: { name: string; email: string }): string {
  return user.name.trim() ? `${user.name} <${user.email}>` : user.email;
}
