import { listRegulations } from '../../regulations/api/list-regulations';

/** Regulations matching `search` as select options ("Title (citation)"); inactive ones are shown but cannot be newly chosen. */
export async function fetchRegulationOptions(
  search: string,
  inactiveSuffix: string,
): Promise<{ value: string; label: string; disabled?: boolean }[]> {
  const page = await listRegulations({ search: search || undefined, pageSize: 50, sort: 'title' });
  return page.data.map((regulation) => {
    const label = regulation.citation ? `${regulation.title} (${regulation.citation})` : regulation.title;
    return {
      value: regulation._id,
      label: regulation.active ? label : `${label} (${inactiveSuffix})`,
      disabled: !regulation.active,
    };
  });
}
