import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the signature covers besides the id: a reminder link's signature can never pass for a report's. */
const PURPOSE = 'report-subscription:';
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The one-click unsubscribe token of a scheduled report's mail (RFC 8058): the subscription's id and an
 * HMAC-SHA-256 of it under the unsubscribe key every instance shares (app_secrets), so that it needs no sign-in, is
 * unguessable, and stops that one subscription and nothing else.
 */
export function createReportUnsubscribeLinks(secret: string) {
  const sign = (id: string) => createHmac('sha256', secret).update(`${PURPOSE}${id}`).digest('base64url');
  return {
    token(subscriptionId: string): string {
      return `${subscriptionId}.${sign(subscriptionId)}`;
    },
    /** The subscription id of a genuine token, or null. */
    verify(token: string): string | null {
      const [id, signature, extra] = token.split('.');
      if (!id || !signature || extra !== undefined || !ID.test(id)) return null;
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return id;
    },
  };
}
export type ReportUnsubscribeLinks = ReturnType<typeof createReportUnsubscribeLinks>;
