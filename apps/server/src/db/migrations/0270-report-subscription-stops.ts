import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * A scheduled report can be stopped without being deleted: paused by its user, stopped by the one-click
 * unsubscribe link of its mail, or stopped when its user is deactivated (`stop_reason`). A stopped subscription
 * queues nothing and its queued deliveries are skipped; `resumed_at` keeps a resumed one from sending the periods
 * that fell due while it was stopped.
 */
export const migration0270ReportSubscriptionStops: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('report_subscriptions').addColumn('stopped_at', 'text').execute();
    await db.schema.alterTable('report_subscriptions').addColumn('stop_reason', 'text').execute();
    await db.schema.alterTable('report_subscriptions').addColumn('resumed_at', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await m.dropColumns(db, 'report_subscriptions', ['stopped_at', 'stop_reason', 'resumed_at']);
  },
};
