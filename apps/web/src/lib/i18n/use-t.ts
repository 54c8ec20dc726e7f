import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageKey } from './messages/en';

type Values = Record<string, string | number | Date>;

/** A translation function, as `useT` gives it. */
export type Translate = (key: MessageKey, values?: Values) => string;

/** Typed translation: `t('nav.users')`. A missing key is a type error. */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback((key, values) => intl.formatMessage({ id: key }, values), [intl]);
}
