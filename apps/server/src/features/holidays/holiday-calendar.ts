import Holidays from 'date-holidays';
import type { CalendarDate } from '@rtms/shared/calendar-date';
import type { HolidayLookup } from '@rtms/shared/business-days';
import type { HolidayChangeKind } from './holidays.table';

/**
 * A facility's holiday calendar: the public holidays of its country and state/region from the
 * `date-holidays` library (maintained data for ~200 countries and their states, with observed days such
 * as "Independence Day (substitute day)" on the Monday after a Sunday 4 July), plus the days an
 * administrator added, minus the library days an administrator removed. Library days are computed
 * here, in memory, for whatever year is asked (so any horizon is covered), and cached per region and
 * year for the life of the process: generation asks once per (region, year), not once per task.
 */

/** A country (ISO 3166-1 alpha-2) and optionally one of its states/regions as the library codes them. */
export interface HolidayRegion {
  readonly country: string;
  readonly state: string | null;
}

/** An administrator's change to one day. */
export interface HolidayChange {
  readonly date: CalendarDate;
  readonly kind: HolidayChangeKind;
  readonly name: string;
}

const directory = new Holidays();
let countryNames: Map<string, string> | undefined;

/** Case and accents folded, so that "baden-wurttemberg" finds "Baden-Württemberg". */
function folded(value: string): string {
  return value.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function byCodeOrName(entries: Record<string, string> | undefined, value: string): string | null {
  if (!entries) return null;
  const wanted = folded(value);
  for (const [code, name] of Object.entries(entries)) {
    if (folded(code) === wanted || folded(name) === wanted) return code;
  }
  return null;
}

/**
 * The library region of a facility's free-text `country` and `state`: ISO codes ("US" / "TX", "DE" /
 * "BY") or the library's names (country in English, "United States of America"; state as the library
 * spells it, often in the local language: "Texas", "Bayern"). Null when the country is unknown to the
 * library (the facility then has only the days its administrators add); an unknown state falls back to
 * the country's national holidays.
 */
export function regionOf(country: string | null, state: string | null): HolidayRegion | null {
  if (!country?.trim()) return null;
  countryNames ??= new Map(Object.entries(directory.getCountries('en')));
  const countryCode = byCodeOrName(Object.fromEntries(countryNames), country);
  if (!countryCode) return null;
  const stateCode = state?.trim() ? byCodeOrName(directory.getStates(countryCode, 'en'), state) : null;
  return { country: countryCode, state: stateCode };
}

const libraryCache = new Map<string, ReadonlyMap<CalendarDate, string>>();

/** The library's public holidays (including observed substitute days) of `region` in `year`: date → name. */
function libraryHolidays(region: HolidayRegion, year: number): ReadonlyMap<CalendarDate, string> {
  const key = `${region.country}/${region.state ?? ''}/${year}`;
  let days = libraryCache.get(key);
  if (!days) {
    const calendar = region.state
      ? new Holidays(region.country, region.state, { types: ['public'] })
      : new Holidays(region.country, { types: ['public'] });
    // English as the facility's country writes it ("Labor Day" in the US, "Labour Day" elsewhere).
    const own = `en-${region.country.toLowerCase()}`;
    const language = calendar.getLanguages().includes(own) ? own : 'en';
    const map = new Map<CalendarDate, string>();
    for (const holiday of calendar.getHolidays(year, language) || []) {
      // `date` is "YYYY-MM-DD hh:mm:ss" in the region's own calendar; a multi-day holiday lists its first day.
      const date = holiday.date.slice(0, 10);
      const existing = map.get(date);
      map.set(date, existing ? `${existing} / ${holiday.name}` : holiday.name);
    }
    days = map;
    libraryCache.set(key, days);
  }
  return days;
}

/** One day of a facility's calendar as the API lists it. */
export interface CalendarHoliday {
  date: CalendarDate;
  name: string;
  /** LIBRARY: from the country/state data; ADDED: by an administrator. */
  source: 'LIBRARY' | 'ADDED';
}

/** The facility's holidays in `year`, in date order: library days not removed, plus added days. */
export function holidaysOfYear(
  region: HolidayRegion | null,
  changes: readonly HolidayChange[],
  year: number,
): CalendarHoliday[] {
  const days = new Map<CalendarDate, CalendarHoliday>();
  if (region)
    for (const [date, name] of libraryHolidays(region, year)) days.set(date, { date, name, source: 'LIBRARY' });
  const prefix = `${String(year).padStart(4, '0')}-`;
  for (const change of changes) {
    if (!change.date.startsWith(prefix)) continue;
    if (change.kind === 'REMOVED') days.delete(change.date);
    else days.set(change.date, { date: change.date, name: change.name, source: 'ADDED' });
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** The facility's calendar as a lookup for the business-day shift; each year is built once, on first use. */
export function holidayLookupFor(region: HolidayRegion | null, changes: readonly HolidayChange[]): HolidayLookup {
  if (!region && changes.length === 0) return () => null;
  const years = new Map<number, ReadonlyMap<CalendarDate, string>>();
  return (date) => {
    const year = Number(date.slice(0, 4));
    let days = years.get(year);
    if (!days) {
      days = new Map(holidaysOfYear(region, changes, year).map((holiday) => [holiday.date, holiday.name]));
      years.set(year, days);
    }
    return days.get(date) ?? null;
  };
}
