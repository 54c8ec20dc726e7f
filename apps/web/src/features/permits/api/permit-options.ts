import { permitsEndpoint } from './permits-api';

/**
 * The permits of one facility matching `search` (number, title, agency), as options for a permit picker: a finding
 * names only a permit of its own facility, so the picker offers nothing the server refuses.
 */
export async function fetchPermitOptions(
  search: string,
  facilityId: string | undefined,
): Promise<{ value: string; label: string }[]> {
  if (!facilityId) return [];
  const page = await permitsEndpoint.list({ search: search || undefined, facilityId, pageSize: 50, sort: 'number' });
  return page.data.map((permit) => ({ value: permit._id, label: `${permit.number} · ${permit.title}` }));
}
