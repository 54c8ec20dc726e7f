import { listUsers, userLabel } from '../../users/api/list-users';

/** Active users matching `search`, as options for an assignee picker (the server checks they may see the facility). */
export async function fetchAssigneeOptions(search: string): Promise<{ value: string; label: string }[]> {
  const page = await listUsers({ search: search || undefined, active: 'true', pageSize: 50, sort: 'name' });
  return page.data.map((user) => ({ value: user._id, label: userLabel(user) }));
}
