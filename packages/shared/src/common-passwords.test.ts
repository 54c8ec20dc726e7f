import { beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.data';
import { commonPasswordsFrom, isCommonPassword, registerCommonPasswords } from './common-passwords';
import { changePasswordBodySchema, newPasswordSchema, passwordProblemOf } from './schemas/auth';

describe('the shipped list of common and breached passwords', () => {
  it('keeps every corpus entry the length rule lets through, lower-cased, once', () => {
    expect(commonPasswordsFrom(['Password1234', 'password1234', ' qwerty ', 'x'.repeat(200), 'Sunshine2020!'])).toEqual(
      ['password1234', 'sunshine2020!'],
    );
    const entries = COMMON_PASSWORDS.split('\n');
    expect(entries.length).toBeGreaterThan(10_000);
    expect(entries).toContain('password1234');
  });
});

describe('the password strength rule with the list', () => {
  beforeAll(() => registerCommonPasswords(COMMON_PASSWORDS));

  it('refuses the common and breached passwords whatever their case, with a clear message', () => {
    for (const password of ['password1234', 'Password1234', 'QWERTYUIOP12', ' iloveyou1234 ', '123456789012']) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(passwordProblemOf(password), password).toBe('common');
      const result = newPasswordSchema.safeParse(password);
      expect(
        result.error?.issues.map((issue) => issue.message),
        password,
      ).toEqual(['This password is one of the most common or breached passwords. Choose another one.']);
    }
    const body = changePasswordBodySchema.safeParse({ currentPassword: 'old one', newPassword: 'password1234' });
    expect(body.error?.issues[0]?.path).toEqual(['newPassword']);
  });

  it('accepts a long uncommon passphrase and still applies the length rule first', () => {
    expect(passwordProblemOf('correct-horse-battery-staple')).toBeUndefined();
    expect(newPasswordSchema.safeParse('violet tractor humming 42').success).toBe(true);
    expect(passwordProblemOf('password1')).toBe('tooShort');
    expect(passwordProblemOf('aaaaaaaaaaaaaa')).toBe('tooEasy');
  });
});
