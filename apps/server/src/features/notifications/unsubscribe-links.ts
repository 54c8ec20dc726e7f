import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@rtms/shared/schemas/notifications';

/** What a link turns off: one category, or every category a digest carries (`ALL`). */
export type UnsubscribeScope = NotificationCategory | 'ALL';

/**
 * Signed unsubscribe tokens (HMAC-SHA-256 over user and scope, with the key kept in the database so that
 * every instance accepts every link). They need no sign-in and open nothing else.
 */
export function createUnsubscribeLinks(secret: string) {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    token(userId: string, scope: UnsubscribeScope): string {
      const payload = Buffer.from(JSON.stringify({ u: userId, c: scope })).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    /** The user and scope of a genuine token, or null. */
    verify(token: string): { userId: string; scope: UnsubscribeScope } | null {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; c?: unknown };
        if (typeof parsed.u !== 'string') return null;
        const scopes: readonly string[] = [...NOTIFICATION_CATEGORIES, 'ALL'];
        if (typeof parsed.c !== 'string' || !scopes.includes(parsed.c)) return null;
        return { userId: parsed.u, scope: parsed.c as UnsubscribeScope };
      } catch {
        return null;
      }
    },
  };
}
export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;
