/**
 * `{page: 2, search: 'wind', role: undefined}` → `?page=2&search=wind` ('' when nothing is set; empty values,
 * undefined, null and '', are left out). Takes a list's
 * typed query (`z.input` of its shared schema, whose coerced fields are `unknown`); a list value is sent as the
 * comma list the server reads.
 */
export function toQueryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    const text = Array.isArray(value) ? value.join(',') : value;
    if (text === undefined || text === null || text === '') continue;
    search.set(key, String(text));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
