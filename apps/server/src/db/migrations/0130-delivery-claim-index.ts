import type { Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * The sender claims a bounded batch of one recipient's due rows (decision 020): `status = 'PENDING' and
 * recipient_id = ? and not_before <= ?` in `not_before` order. Without this index that claim read every
 * pending row of the outbox (an all-facility admin of the benchmark has about 79,000); with it, a claim is a
 * walk of the recipient's due entries, and the list of recipients with due rows a skip from one recipient
 * to the next. It replaces `notification_deliveries_pending_idx (status, not_before)`, which only the old
 * recipients query read, so that the sweep, which inserts every delivery, maintains no more indexes than before.
 */
export const migration0130DeliveryClaimIndex: Migration = m.replaceIndexes(
  m.indexesOn('notification_deliveries', { notification_deliveries_pending_idx: ['status', 'not_before'] }),
  m.indexesOn('notification_deliveries', {
    notification_deliveries_claim_idx: ['status', 'recipient_id', 'not_before', 'id'],
  }),
);
