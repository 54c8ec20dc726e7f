import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * The check against the most common and breached passwords, shared by the server and the
 * web forms. The list itself (common-passwords.data.ts, 12,050 entries, about 90 KB gzipped) is registered at start by
 * the server and loaded on demand by the web forms that set a password, so that it never weighs on the
 * sign-in page. Until it is registered, `isCommonPassword` knows no password (the server always has it).
 */
let known: ReadonlySet<string> | undefined;

/** How a password is compared with the list: case and surrounding spaces do not make it another password. */
export function normalizeForList(password: string): string {
  return password.trim().toLowerCase();
}

/**
 * Keeps the passwords of a breach corpus that the length rule would otherwise let through, normalized,
 * unique and sorted (shorter or longer ones are refused by length before the list is consulted).
 */
export function commonPasswordsFrom(lines: Iterable<string>): string[] {
  const kept = new Set<string>();
  for (const line of lines) {
    const password = normalizeForList(line);
    if (password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH) kept.add(password);
  }
  return [...kept].sort();
}

/** Installs the list (`\n`-separated, as in common-passwords.data.ts). */
export function registerCommonPasswords(text: string): void {
  known = new Set(text.split('\n'));
}

export function commonPasswordsRegistered(): boolean {
  return known !== undefined;
}

/** Whether the password is on the list (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return known?.has(normalizeForList(password)) ?? false;
}

/** Registers the shipped list, loading it once (a separate chunk in the web app). */
let loading: Promise<void> | undefined;
export function loadCommonPasswords(): Promise<void> {
  loading ??= import('./common-passwords.data').then(({ COMMON_PASSWORDS }) =>
    registerCommonPasswords(COMMON_PASSWORDS),
  );
  return loading;
}
