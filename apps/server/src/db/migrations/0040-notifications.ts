import { randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';

/** The default reminder policy of every frequency (PRODUCT §4): see features/notifications/reminder-policy.ts. */
const FREQUENCIES = [
  'ONCE',
  'WEEKLY',
  'MONTHLY',
  'QUARTERLY',
  'SEMI-ANNUAL',
  'YEARLY',
  'BIENNIAL',
  'TRIENNUAL',
  '4 YEARS',
  '5 YEARS',
  '6 YEARS',
  '10 YEARS',
  '12 YEARS',
];

/**
 * Reminders and escalation: the policy per frequency (data, not code), the per-requirement overrides,
 * the per-facility go-live date, the per-user notification preferences, the in-app notifications
 * (unique per task, step and recipient: the key that makes a reminder exist at most once) and the
 * outbox of their email deliveries.
 */
export const migration0040Notifications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reminder_policies')
      .addColumn('frequency', 'text', (col) => col.primaryKey())
      // Days before the due date of the two "due soon" reminders; null = none. Used only where shorter
      // than the task's lead time (so never before the task opens, never for a step shorter than it).
      .addColumn('first_before_days', 'integer')
      .addColumn('second_before_days', 'integer')
      .addColumn('overdue_every_days', 'integer', (col) => col.notNull())
      .addColumn('escalate_facility_after_days', 'integer', (col) => col.notNull())
      .addColumn('escalate_all_after_days', 'integer', (col) => col.notNull())
      .execute();
    await db
      .insertInto('reminder_policies' as never)
      .values(
        FREQUENCIES.map((frequency) => ({
          frequency,
          // A weekly task opens 2 days before and its step is 7 days: "7 days before" would precede it.
          first_before_days: frequency === 'WEEKLY' ? null : 7,
          second_before_days: 1,
          overdue_every_days: 7,
          escalate_facility_after_days: 7,
          escalate_all_after_days: 30,
        })) as never,
      )
      .execute();

    // Per-requirement overrides; null follows the frequency's policy.
    for (const column of [
      'reminder_first_before_days',
      'reminder_second_before_days',
      'escalate_facility_after_days',
      'escalate_all_after_days',
    ]) {
      await db.schema.alterTable('requirements').addColumn(column, 'integer').execute();
    }
    // A facility's go-live: no reminder is created for it before this calendar date (its own time zone).
    await db.schema.alterTable('facilities').addColumn('notify_from', 'text').execute();

    await db.schema
      .createTable('notification_preferences')
      .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('delivery', 'text', (col) => col.notNull())
      .addColumn('digest_hour', 'integer', (col) => col.notNull())
      .addColumn('time_zone', 'text', (col) => col.notNull())
      .addColumn('quiet_until', 'text')
      // JSON {category: boolean}: false = no email for it (for ESCALATION: into the digest instead).
      .addColumn('categories', 'text', (col) => col.notNull())
      // The local calendar day of the last digest sent, so that a digest goes once per period.
      .addColumn('last_digest_on', 'text')
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('notifications')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('task_id', 'text', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
      .addColumn('facility_id', 'text', (col) => col.notNull().references('facilities.id'))
      .addColumn('step', 'text', (col) => col.notNull())
      .addColumn('category', 'text', (col) => col.notNull())
      // Shown in the app (and sent) from this instant: later than created_at while the user is quiet.
      .addColumn('available_at', 'text', (col) => col.notNull())
      .addColumn('read_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('notifications_task_step_user_unique', ['task_id', 'step', 'user_id'])
      .execute();
    await db.schema
      .createIndex('notifications_user_idx')
      .on('notifications')
      .columns(['user_id', 'available_at'])
      .execute();

    // The outbox: one row per notification and channel, claimed by one sender at a time.
    await db.schema
      .createTable('notification_deliveries')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('notification_id', 'text', (col) => col.notNull().references('notifications.id').onDelete('cascade'))
      .addColumn('recipient_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('facility_id', 'text', (col) => col.notNull().references('facilities.id'))
      .addColumn('channel', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      // Not to be sent before this instant (quiet until, retry backoff, the next digest).
      .addColumn('not_before', 'text', (col) => col.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('message_id', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('notification_deliveries_unique', ['notification_id', 'channel'])
      .execute();
    await db.schema
      .createIndex('notification_deliveries_pending_idx')
      .on('notification_deliveries')
      .columns(['status', 'not_before'])
      .execute();
    await db.schema
      .createIndex('notification_deliveries_log_idx')
      .on('notification_deliveries')
      .columns(['created_at', 'id'])
      .execute();

    // Secrets shared by every instance (the unsubscribe links' signing key), made once here.
    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .execute();
    await db
      .insertInto('app_secrets' as never)
      .values({ name: 'unsubscribe', value: randomBytes(32).toString('base64url') } as never)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('app_secrets').execute();
    await db.schema.dropTable('notification_deliveries').execute();
    await db.schema.dropTable('notifications').execute();
    await db.schema.dropTable('notification_preferences').execute();
    await db.schema.alterTable('facilities').dropColumn('notify_from').execute();
    for (const column of [
      'reminder_first_before_days',
      'reminder_second_before_days',
      'escalate_facility_after_days',
      'escalate_all_after_days',
    ]) {
      await db.schema.alterTable('requirements').dropColumn(column).execute();
    }
    await db.schema.dropTable('reminder_policies').execute();
  },
};
