import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { formatCalendarDate } from './date-format';

export interface Formatters {
  /** An ISO-8601 instant in the interface language, e.g. "14 May 2026, 09:30". */
  dateTime(value: string | null | undefined): string;
  /** A calendar date `YYYY-MM-DD` in the interface language (no time-zone shift), as date fields show it. */
  date(value: string | null | undefined): string;
  number(value: number | null | undefined, options?: Parameters<IntlShape['formatNumber']>[1]): string;
}

/** Locale-aware formatting of the values tables and exports show. */
export function useFormatters(): Formatters {
  const intl = useIntl();
  return useMemo(
    () => ({
      dateTime: (value) => (value ? intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }) : ''),
      date: (value) => formatCalendarDate(value, intl.locale),
      number: (value, options) => (value === null || value === undefined ? '' : intl.formatNumber(value, options)),
    }),
    [intl],
  );
}
