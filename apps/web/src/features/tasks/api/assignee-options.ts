import { listUsers, userLabel } from '../../users/api/list-users';

/**
 * Active users matching `search`, as options for an assignee picker. With `facilityIds` only those who
 * may see every one of these facilities (`assignableTo`), so the picker offers nobody the server refuses.
 */
export async function fetchAssigneeOptions(
  search: string,
  facilityIds?: readonly string[],
): Promise<{ value: string; label: string }[]> {
  const assignableTo = facilityIds?.length ? [...new Set(facilityIds)].sort().join(',') : undefined;
  const page = await listUsers({
    search: search || undefined,
    active: 'true',
    pageSize: 50,
    sort: 'name',
    assignableTo,
  });
  return page.data.map((user) => ({ value: user._id, label: userLabel(user) }));
}

/** The assignee filter's options: "Unassigned" (the API's `assigneeId=none`), then the people matching `search`. */
export async function fetchAssigneeFilterOptions(
  search: string,
  unassignedLabel: string,
): Promise<{ value: string; label: string }[]> {
  return [{ value: 'none', label: unassignedLabel }, ...(await fetchAssigneeOptions(search))];
}
