import { randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/** The default reminder policy of every frequency: see features/notifications/reminder-policy.ts. */
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
      .addColumn('overdue_every_days', 'integer', m.required)
      .addColumn('escalate_facility_after_days', 'integer', m.required)
      .addColumn('escalate_all_after_days', 'integer', m.required)
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
    await m.addColumns(db, 'requirements', 'integer', REQUIREMENT_OVERRIDES);
    // A facility's go-live: no reminder is created for it before this calendar date (its own time zone).
    await m.addColumns(db, 'facilities', 'text', ['notify_from']);

    await db.schema
      .createTable('notification_preferences')
      .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('delivery', 'text', m.required)
      .addColumn('digest_hour', 'integer', m.required)
      .addColumn('time_zone', 'text', m.required)
      .addColumn('quiet_until', 'text')
      // JSON {category: boolean}: false = no email for it (for ESCALATION: into the digest instead).
      .addColumn('categories', 'text', m.required)
      // The local calendar day of the last digest sent, so that a digest goes once per period.
      .addColumn('last_digest_on', 'text')
      .addColumn('updated_at', 'text', m.required)
      .execute();

    await m
      .createEntityTable(db, 'notifications')
      .addColumn('user_id', 'text', m.references('users.id', { required: true, cascade: true }))
      .addColumn('task_id', 'text', m.references('tasks.id', { required: true, cascade: true }))
      .addColumn('facility_id', 'text', m.references('facilities.id', { required: true }))
      .addColumn('step', 'text', m.required)
      .addColumn('category', 'text', m.required)
      // Shown in the app (and sent) from this instant: later than created_at while the user is quiet.
      .addColumn('available_at', 'text', m.required)
      .addColumn('read_at', 'text')
      .$call(m.createdAt)
      .addUniqueConstraint('notifications_task_step_user_unique', ['task_id', 'step', 'user_id'])
      .execute();

    // The outbox: one row per notification and channel, claimed by one sender at a time.
    await m
      .createEntityTable(db, 'notification_deliveries')
      .addColumn('notification_id', 'text', m.references('notifications.id', { required: true, cascade: true }))
      .addColumn('recipient_id', 'text', m.references('users.id', { required: true, cascade: true }))
      .addColumn('facility_id', 'text', m.references('facilities.id', { required: true }))
      .addColumn('channel', 'text', m.required)
      .addColumn('status', 'text', m.required)
      .addColumn('attempts', 'integer', m.requiredDefault(0))
      .addColumn('last_error', 'text')
      // Not to be sent before this instant (quiet until, retry backoff, the next digest).
      .addColumn('not_before', 'text', m.required)
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('message_id', 'text')
      .addColumn('sent_at', 'text')
      .$call(m.timestamps)
      .addUniqueConstraint('notification_deliveries_unique', ['notification_id', 'channel'])
      .execute();
    await m.createIndexes(db, {
      notifications_user_idx: { on: 'notifications', columns: ['user_id', 'available_at'] },
      ...m.indexesOn('notification_deliveries', {
        notification_deliveries_pending_idx: ['status', 'not_before'],
        notification_deliveries_log_idx: ['created_at', 'id'],
      }),
    });

    // Secrets shared by every instance (the unsubscribe links' signing key), made once here.
    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', m.required)
      .execute();
    await db
      .insertInto('app_secrets' as never)
      .values({ name: 'unsubscribe', value: randomBytes(32).toString('base64url') } as never)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['app_secrets', 'notification_deliveries', 'notifications', 'notification_preferences']) {
      await db.schema.dropTable(table).execute();
    }
    await m.dropColumns(db, 'facilities', ['notify_from']);
    await m.dropColumns(db, 'requirements', REQUIREMENT_OVERRIDES);
    await db.schema.dropTable('reminder_policies').execute();
  },
};

/** Per-requirement overrides of the frequency's reminder policy. */
const REQUIREMENT_OVERRIDES = [
  'reminder_first_before_days',
  'reminder_second_before_days',
  'escalate_facility_after_days',
  'escalate_all_after_days',
];
