import { Secret, TOTP } from 'otpauth';

/**
 * RFC 6238 TOTP as every authenticator app reads it: SHA-1, 6 digits, 30-second steps, a 160-bit
 * secret. A code is accepted for the current step and one step either side (clock drift).
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;

/** A new random 160-bit secret, base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, account = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
}

/** The otpauth:// URL an authenticator app reads from the QR code. */
export function otpauthUrlOf(secret: string, account: string, issuer: string): string {
  return totpOf(secret, account, issuer).toString();
}

/**
 * The time step `code` belongs to (within ±1 step of `now`), or null when it matches none. Callers
 * refuse a step at or before the last one accepted, so that a code works only once.
 */
export function matchingStep(secret: string, code: string, now: number = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
