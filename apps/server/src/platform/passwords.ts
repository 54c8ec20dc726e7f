import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * Password hashing with argon2id at the OWASP-recommended parameters (19 MiB, t=2, p=1).
 * At most HASHING_CONCURRENCY hashes run at once, so a burst of sign-ins cannot exhaust memory or CPU.
 */
// algorithm 2 is Argon2id (a const enum in @node-rs/argon2, which isolated modules cannot import).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const HASHING_CONCURRENCY = 4;
const limit = pLimit(HASHING_CONCURRENCY);

export function hashPassword(password: string): Promise<string> {
  return limit(() => hash(password, ARGON2_OPTIONS));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limit(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

// A fixed hash to verify against when the account does not exist, so that timing does not reveal it.
let decoyHash: Promise<string> | undefined;
export function verifyDecoy(password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy-password-never-valid');
  return decoyHash.then((value) => verifyPassword(value, password)).then(() => false);
}

/** A readable random password: 20 characters from an alphabet without look-alikes. */
export function generatePassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint32Array(length));
  return Array.from(bytes, (value) => alphabet[value % alphabet.length]).join('');
}
