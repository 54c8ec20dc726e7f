import type { Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * The notification centre's and the delivery log's pages read in order from an index instead of sorting
 * every row of a user (an all-facility admin of the benchmark holds 79,000 notifications: 73 ms of CPU per
 * page and 67 ms per unread count on SQLite before, under 1 ms after). Each index ends in the list's order
 * (…, id) so the tie-break is in the index too; the unread one also answers the bell's count alone.
 */
export const migration0110NotificationLists: Migration = m.replaceIndexes(
  { notifications_user_idx: { on: 'notifications', columns: ['user_id', 'available_at'] } },
  {
    ...m.indexesOn('notifications', {
      notifications_user_released_idx: ['user_id', 'available_at', 'id'],
      notifications_user_unread_idx: ['user_id', 'read_at', 'available_at', 'id'],
    }),
    notification_deliveries_updated_idx: { on: 'notification_deliveries', columns: ['updated_at', 'id'] },
  },
);
