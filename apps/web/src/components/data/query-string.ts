/** A value a list query may carry; empty ones (undefined, null, '') are left out of the URL. */
export type QueryValue = string | number | boolean | null | undefined;

/** `{page: 2, search: 'wind', role: undefined}` → `?page=2&search=wind` ('' when nothing is set). */
export function toQueryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
