/**
 * A calendar date `YYYY-MM-DD` as the English interface writes it in text and in date fields
 * ("Oct 26, 2026"; apps/web/src/components/data/date-format.ts). Fields accept the ISO form typed in.
 */
export function dateAsShown(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A calendar date `YYYY-MM-DD` `days` from today in UTC (the zone of the facilities the specs create). */
export function dayFromToday(days: number): string {
  return addDaysTo(new Date().toISOString().slice(0, 10), days);
}

/** The calendar date `days` after `day` (before it when negative). */
export function addDaysTo(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
