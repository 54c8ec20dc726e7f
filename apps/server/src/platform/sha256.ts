import { hash } from 'node:crypto';

/**
 * The SHA-256 of a text, in hex: how a secret that is looked up (a session, sign-in challenge, calendar
 * feed or OpenID state token) is stored. One-shot, at half the cost of a Hash object: a session's token
 * is hashed on every authenticated request.
 */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}
