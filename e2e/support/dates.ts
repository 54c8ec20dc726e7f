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
