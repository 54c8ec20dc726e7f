import { addDays, addMonthsClamped } from '@rtms/shared/calendar-date';

/** The bench's reads of the API outside the measurements, and the month the calendar is measured on. */

export async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The first and last day of the month of `today`. */
export function calendarMonth(today: string): { from: string; to: string } {
  const from = `${today.slice(0, 8)}01`;
  return { from, to: addDays(addMonthsClamped(from, 1), -1) };
}

/** The first benchmark facility, by the API (the server is the only process with the database open now). */
export async function firstBenchFacility(base: string, token: string): Promise<string> {
  const page = await getJson<{ data: { _id: string; code: string }[] }>(
    `${base}/api/facilities?search=BENCH-0001`,
    token,
  );
  const facility = page.data.find((candidate) => candidate.code === 'BENCH-0001');
  if (!facility) throw new Error('benchmark facility BENCH-0001 not found');
  return facility._id;
}

/** The ids of every facility (up to 200), for the soak. */
export async function facilityIds(base: string, token: string): Promise<string[]> {
  const page = await getJson<{ data: { _id: string }[] }>(`${base}/api/facilities?pageSize=200`, token);
  return page.data.map((facility) => facility._id);
}

/**
 * The ids of open tasks due from `today` on, future-most first: those of the first page given, then the next
 * pages of 200 until about 60,000 (or the last page).
 */
export async function openTaskIds(
  base: string,
  token: string,
  today: string,
  firstPage: { data: { _id: string }[] },
): Promise<string[]> {
  const ids: string[] = firstPage.data.map((task) => task._id);
  let cursorUrl = `${base}/api/tasks?status=INCOMPLETE&dueFrom=${today}&pageSize=200&sort=-dueDate&page=2`;
  for (let page = 2; ids.length < 60_000 && page < 400; page += 1) {
    const next = await getJson<{ data: { _id: string }[] }>(cursorUrl, token);
    ids.push(...next.data.map((task) => task._id));
    if (next.data.length < 200) break;
    cursorUrl = cursorUrl.replace(/page=\d+$/, `page=${page + 1}`);
  }
  return ids;
}
