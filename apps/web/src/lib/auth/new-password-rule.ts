import { useEffect, useMemo } from 'react';
import type { FormRule } from 'antd';
import { loadCommonPasswords } from '@rtms/shared/common-passwords';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@rtms/shared/constants';
import { passwordProblemOf, type PasswordProblem } from '@rtms/shared/schemas/auth';
import type { MessageKey } from '../i18n/messages/en';
import { useT } from '../i18n/use-t';

const MESSAGE_KEYS: Record<PasswordProblem, MessageKey> = {
  tooShort: 'changePassword.tooShort',
  tooLong: 'changePassword.tooLong',
  tooEasy: 'changePassword.tooEasy',
  common: 'changePassword.common',
};

/**
 * The antd rule of a field that sets a new password: the server's strength rule (the same shared code,
 * including the list of common and breached passwords, fetched as its own chunk when the form opens),
 * its failure in the interface language. Should the list fail to load, the server still refuses.
 */
export function useNewPasswordRule(): FormRule {
  const t = useT();
  useEffect(() => {
    loadCommonPasswords().catch(() => undefined);
  }, []);
  return useMemo(
    () => ({
      validator: async (_rule, value: string | undefined) => {
        if (!value) return;
        await loadCommonPasswords().catch(() => undefined);
        const problem = passwordProblemOf(value);
        if (problem) {
          throw new Error(t(MESSAGE_KEYS[problem], { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }));
        }
      },
    }),
    [t],
  );
}
