import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageKey } from './messages/en';

type Values = Record<string, string | number | Date>;

/** Typed translation: `t('nav.users')`. A missing key is a type error. */
export function useT(): (key: MessageKey, values?: Values) => string {
  const intl = useIntl();
  return useCallback((key, values) => intl.formatMessage({ id: key }, values), [intl]);
}
