import { useQuery } from '@tanstack/react-query';
import type { RemoteOption } from '../../../components/data/remote-select';
import { facilityQueryOptions } from '../../facilities/api/get-facility';
import { requirementQueryOptions } from '../../requirements/api/get-requirement';
import { userQueryOptions } from '../../users/api/get-user';
import { userLabel } from '../../users/api/list-users';

/**
 * The label of an id a filter holds from the URL (a link from the dashboard, a shared address), so
 * that the filter shows "Prairie Wind (PW-01)" rather than the id before any search.
 */
export function useFacilityOption(id: string | undefined): RemoteOption[] {
  const { data } = useQuery({ ...facilityQueryOptions(id ?? ''), enabled: Boolean(id), retry: false });
  return id && data ? [{ value: id, label: `${data.data.name} (${data.data.code})` }] : [];
}

export function useRequirementOption(id: string | undefined): RemoteOption[] {
  const { data } = useQuery({ ...requirementQueryOptions(id ?? ''), enabled: Boolean(id), retry: false });
  return id && data ? [{ value: id, label: data.data.title }] : [];
}

export function useUserOption(id: string | undefined): RemoteOption[] {
  const { data } = useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) && id !== 'none', retry: false });
  return id && data ? [{ value: id, label: userLabel(data.data) }] : [];
}
