import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption of small secrets at rest (AES-256-GCM) and keyed hashes (HMAC-SHA-256),
 * both under one 32-byte key from configuration. The sealed form names its version so that a later
 * scheme can be introduced without guessing: "v1.<iv>.<tag>.<ciphertext>", base64url parts.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  /** Throws when the text was not sealed with this key or was altered. */
  open(sealed: string): string;
  /** HMAC-SHA-256 (hex): comparable, not reversible, useless without the key. */
  keyedHash(value: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret box needs a 32-byte key');
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
    keyedHash: (value) => createHmac('sha256', key).update(value).digest('hex'),
  };
}
