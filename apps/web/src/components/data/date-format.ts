import dayjs from 'dayjs';

/**
 * How a calendar date looks in each interface language, as a dayjs pattern: the text of tables and
 * pages (useFormatters().date) and the date fields (DateField, DateRangeField) both use it, so a date
 * reads the same in a field as beside it. (Intl's and antd's own formats differ: "May 14, 2026" beside
 * a field showing "2026-05-14".)
 */
const DATE_PATTERNS: Record<string, string> = {
  en: 'MMM D, YYYY',
  es: 'D MMM YYYY',
  fr: 'D MMM YYYY',
  it: 'D MMM YYYY',
  zh: 'YYYY年M月D日',
  ar: 'D MMMM YYYY',
};

/** dayjs's name of each language's month names (loaded with the language, lib/i18n/locale-resources.ts). */
const DAYJS_LOCALES: Record<string, string> = { zh: 'zh-cn' };

function language(locale: string): string {
  return locale.split('-')[0] ?? 'en';
}

export function datePatternOf(locale: string): string {
  return DATE_PATTERNS[language(locale)] ?? DATE_PATTERNS.en!;
}

/** The `format` of a date field: shown in the language's pattern; typed ISO dates are understood too. */
export function dateFieldFormatOf(locale: string): string[] {
  return [datePatternOf(locale), 'YYYY-MM-DD'];
}

/** A calendar date `YYYY-MM-DD` as text in the language's pattern ("" for none). */
export function formatCalendarDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const lang = language(locale);
  return dayjs(value.slice(0, 10), 'YYYY-MM-DD')
    .locale(DAYJS_LOCALES[lang] ?? lang)
    .format(datePatternOf(locale));
}
