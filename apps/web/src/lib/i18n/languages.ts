import { LOCALES, type LocaleCode } from '@rtms/shared/interface-settings';

/**
 * The accessible name of the language menu. Deliberately the same English word in every
 * language, like the language names that are each written in their own language: whoever has switched to
 * a language they cannot read must still find the way back. The control marks it `lang="en"`.
 */
export const LANGUAGE_CONTROL_NAME = 'Language';

export function isLocaleCode(value: string): value is LocaleCode {
  return (LOCALES as readonly string[]).includes(value);
}
