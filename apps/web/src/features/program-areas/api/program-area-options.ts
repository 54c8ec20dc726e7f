import { listProgramAreas } from './list-program-areas';

/** Program areas matching `search` as select options; inactive ones are shown but cannot be newly chosen. */
export async function fetchProgramAreaOptions(
  search: string,
  inactiveSuffix: string,
): Promise<{ value: string; label: string; disabled?: boolean }[]> {
  const page = await listProgramAreas({ search: search || undefined, pageSize: 100, sort: 'name' });
  return page.data.map((area) => ({
    value: area._id,
    label: area.active ? area.name : `${area.name} (${inactiveSuffix})`,
    disabled: !area.active,
  }));
}
