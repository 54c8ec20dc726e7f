import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config/config';
import { decodeKey } from '../config/config';

export const MFA_KEY_FILE = 'mfa-encryption.key';

/**
 * The key that encrypts second-factor secrets: MFA_ENCRYPTION_KEY when set (required for several
 * instances: they must share it), else a random key kept in `<dataDir>/mfa-encryption.key` (created on
 * first start, readable by the owner only) so that `npm start` works out of the box.
 */
export function loadMfaKey(config: Pick<AppConfig, 'mfaEncryptionKey' | 'dataDir'>): Buffer {
  if (config.mfaEncryptionKey) return config.mfaEncryptionKey;
  const file = path.join(config.dataDir, MFA_KEY_FILE);
  try {
    // 'wx': never overwrite a key that exists (another instance or an earlier start made it).
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = decodeKey(fs.readFileSync(file, 'utf8').trim());
  if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex digits or base64)`);
  return key;
}
