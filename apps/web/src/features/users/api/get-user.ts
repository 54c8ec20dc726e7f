import { type User, userResponseSchema } from '@rtms/shared/schemas/users';
import { recordEndpoint } from '../../../components/data/list-endpoint';

/** GET /api/users/:id */
const endpoint = recordEndpoint<User>('/users', 'users', userResponseSchema);

export const userQueryOptions = endpoint.options;
export const useUser = endpoint.useRecord;
