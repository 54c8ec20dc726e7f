import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { AppConfig } from '../../config/config';
import { decodeKey } from '../../config/config';
import { MFA_KEY_FILE } from '../../platform/mfa-key';
import { createSecretBox } from '../../platform/secret-box';

/** The name of the key's copy beside a backup: it says what it is and that it is a secret. */
export const mfaKeyCopyName = (backupFile: string) => `${backupFile}.SECRET-${MFA_KEY_FILE}`;

export interface MfaKeyReport {
  /** Where the key that seals second factors lives: the key file (copied beside the backup) or the environment. */
  source: 'key file' | 'MFA_ENCRYPTION_KEY' | 'none';
  /** The copy of the key file, when there is one. */
  copiedTo?: string;
  /** Second factors (confirmed or being set up) in the database copy, and how many the key opens. */
  secondFactors: number;
  readable: number;
}

/**
 * Second-factor secrets are sealed with a key that is not in the database (platform/mfa-key.ts). Without it
 * a restored copy cannot check a single TOTP or backup code, so the backup carries it: the key file of
 * DATA_DIR is copied beside the backup, readable by its owner only and named SECRET; a key given as
 * MFA_ENCRYPTION_KEY stays where the operator keeps it. Either way the key must open every second factor
 * in the copy, or the backup is not verified.
 */
export async function copyMfaKey(
  config: Pick<AppConfig, 'mfaEncryptionKey' | 'dataDir'>,
  databaseCopy: string,
  target: string,
): Promise<MfaKeyReport> {
  const keyFile = path.join(config.dataDir, MFA_KEY_FILE);
  let key = config.mfaEncryptionKey;
  let source: MfaKeyReport['source'] = key ? 'MFA_ENCRYPTION_KEY' : 'none';
  let copiedTo: string | undefined;
  if (!key && fs.existsSync(keyFile)) {
    const text = await fsp.readFile(keyFile, 'utf8');
    key = decodeKey(text.trim());
    source = 'key file';
    await fsp.writeFile(target, text, { flag: 'wx', mode: 0o600 });
    copiedTo = target;
  }
  const sqlite = new SqliteDatabase(databaseCopy, { readonly: true, fileMustExist: true });
  let sealed: string[];
  try {
    sealed = sqlite.prepare('select secret_encrypted from user_mfa').pluck().all() as string[];
  } finally {
    sqlite.close();
  }
  const box = key ? createSecretBox(key) : undefined;
  const readable = sealed.filter((secret) => {
    try {
      return box !== undefined && box.open(secret).length > 0;
    } catch {
      return false;
    }
  }).length;
  return { source, ...(copiedTo ? { copiedTo } : {}), secondFactors: sealed.length, readable };
}
