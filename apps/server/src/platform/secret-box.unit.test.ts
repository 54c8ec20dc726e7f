import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';
import { loadMfaKey, MFA_KEY_FILE } from './mfa-key';

describe('secret box (AES-256-GCM, HMAC-SHA-256)', () => {
  const box = createSecretBox(randomBytes(32));

  it('seals with a fresh IV each time and opens what it sealed', () => {
    const first = box.seal('JBSWY3DPEHPK3PXP');
    const second = box.seal('JBSWY3DPEHPK3PXP');
    expect(first).not.toBe(second);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(first)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses an altered text and a text sealed under another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[0] = ciphertext[0]! ^ 1;
    parts[3] = ciphertext.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('v2.a.b.c')).toThrow(/format/);
  });

  it('hashes with the key: equal under one key, different under another', () => {
    expect(box.keyedHash('abcde12345')).toBe(box.keyedHash('abcde12345'));
    expect(box.keyedHash('abcde12345')).not.toBe(createSecretBox(randomBytes(32)).keyedHash('abcde12345'));
  });
});

describe('the MFA key', () => {
  it('uses MFA_ENCRYPTION_KEY when set, else creates a key file once (owner-only) and keeps it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-key-'));
    try {
      const configured = randomBytes(32);
      expect(loadMfaKey({ dataDir, mfaEncryptionKey: configured })).toEqual(configured);
      expect(fs.existsSync(path.join(dataDir, MFA_KEY_FILE))).toBe(false);

      const first = loadMfaKey({ dataDir, mfaEncryptionKey: undefined });
      expect(first).toHaveLength(32);
      expect(fs.statSync(path.join(dataDir, MFA_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(loadMfaKey({ dataDir, mfaEncryptionKey: undefined })).toEqual(first);

      fs.writeFileSync(path.join(dataDir, MFA_KEY_FILE), 'not a key\n');
      expect(() => loadMfaKey({ dataDir, mfaEncryptionKey: undefined })).toThrow(/32-byte key/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
