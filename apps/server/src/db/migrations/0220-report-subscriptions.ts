import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * Scheduled reports: a user's subscriptions to the scorecard or the trend, and their outbox, one row per
 * subscription and period under a unique key, so that two instances or two sweeps never send a period twice.
 */
export const migration0220ReportSubscriptions: Migration = {
  async up(db: Kysely<unknown>) {
    await m
      .timestamps(
        m
          .createEntityTable(db, 'report_subscriptions')
          .addColumn('user_id', 'text', m.references('users.id', { required: true, cascade: true }))
          .addColumn('report', 'text', m.required)
          .addColumn('frequency', 'text', m.required)
          .addColumn('format', 'text', m.required)
          .addColumn('filters', 'text', m.required),
      )
      .execute();
    await m
      .timestamps(
        m
          .createEntityTable(db, 'report_deliveries')
          .addColumn(
            'subscription_id',
            'text',
            m.references('report_subscriptions.id', { required: true, cascade: true }),
          )
          .addColumn('recipient_id', 'text', m.references('users.id', { required: true, cascade: true }))
          .addColumn('period_key', 'text', m.required)
          .addColumn('status', 'text', m.required)
          .addColumn('attempts', 'integer', m.requiredDefault(0))
          .addColumn('last_error', 'text')
          .addColumn('not_before', 'text', m.required)
          .addColumn('claimed_by', 'text')
          .addColumn('claimed_until', 'text')
          .addColumn('sent_at', 'text')
          .addUniqueConstraint('report_deliveries_unique', ['subscription_id', 'period_key']),
      )
      .execute();
    await m.createIndexes(db, {
      ...m.indexesOn('report_subscriptions', { report_subscriptions_user_idx: ['user_id', 'created_at'] }),
      ...m.indexesOn('report_deliveries', { report_deliveries_pending_idx: ['status', 'not_before'] }),
    });
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('report_deliveries').execute();
    await db.schema.dropTable('report_subscriptions').execute();
  },
};
