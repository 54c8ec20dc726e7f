import { sql, type Kysely, type Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * Corrective actions in the notification centre and the reminder outbox, and the permit a finding names.
 *
 * - `notifications.task_id` is no longer required: a notification is about a task or about a corrective action
 *   (`corrective_action_id`, removed with the action), exactly one of them (a check). Reminders of actions are made
 *   exactly once by the unique key (corrective action, step, recipient), as tasks' are by (task, step, recipient).
 * - `findings.permit_id` gets its foreign key to `permits` (a permit is never deleted; set null if one were).
 *
 * PostgreSQL changes the columns in place. SQLite cannot drop a NOT NULL or add a foreign key to a column, so the
 * tables are rebuilt: every table that refers to a rebuilt one is rebuilt with it (findings ← corrective_actions ←
 * corrective_action_documents, notifications; notifications ← notification_deliveries), else dropping the old table
 * would delete their rows (foreign keys stay on: the migration runs in one transaction, where SQLite ignores the
 * pragma). The old tables are renamed first (SQLite rewrites the references among them to the old names), the new
 * ones made from their own stored definitions with the changes above, the rows copied, the old tables dropped
 * children first, and their indexes made again from their stored definitions.
 */
export const migration0260ActionNotifications: Migration = {
  async up(db: Kysely<unknown>) {
    // A permit id written before the key existed that names no permit would fail it: such a finding names none.
    await sql`update findings set permit_id = null where permit_id is not null and permit_id not in (select id from permits)`.execute(
      db,
    );
    if (m.isPostgres(db)) {
      await db.schema
        .alterTable('notifications')
        .alterColumn('task_id', (col) => col.dropNotNull())
        .execute();
      await db.schema
        .alterTable('notifications')
        .addColumn('corrective_action_id', 'text', m.references('corrective_actions.id', { cascade: true }))
        .execute();
      await db.schema
        .alterTable('notifications')
        .addUniqueConstraint('notifications_action_step_user_unique', ['corrective_action_id', 'step', 'user_id'])
        .execute();
      await db.schema
        .alterTable('notifications')
        .addCheckConstraint('notifications_subject_check', sql`(task_id is null) <> (corrective_action_id is null)`)
        .execute();
      await db.schema
        .alterTable('findings')
        .addForeignKeyConstraint('findings_permit_id_fkey', ['permit_id'], 'permits', ['id'], (fk) =>
          fk.onDelete('set null'),
        )
        .execute();
      return;
    }
    await m.rebuildSqliteTables(db, REBUILT);
  },
  async down() {
    throw new Error('Migration 0260 cannot be undone (notifications about actions have no task)');
  },
};

/** Parents first: the order of creation and copy; children are dropped in the reverse order. */
const REBUILT: readonly m.RebuiltTable[] = [
  {
    name: 'findings',
    change: (definition) =>
      replaceOnce(definition, '"permit_id" text,', '"permit_id" text references "permits" ("id") on delete set null,'),
  },
  { name: 'corrective_actions' },
  { name: 'corrective_action_documents' },
  {
    name: 'notifications',
    change: (definition) =>
      replaceOnce(
        replaceOnce(
          definition,
          '"task_id" text not null references "tasks" ("id") on delete cascade,',
          '"task_id" text references "tasks" ("id") on delete cascade, "corrective_action_id" text references "corrective_actions" ("id") on delete cascade,',
        ),
        'unique ("task_id", "step", "user_id"))',
        'unique ("task_id", "step", "user_id"), constraint "notifications_action_step_user_unique" unique ("corrective_action_id", "step", "user_id"), constraint "notifications_subject_check" check ((task_id is null) <> (corrective_action_id is null)))',
      ),
  },
  { name: 'notification_deliveries' },
];

function replaceOnce(text: string, from: string, to: string): string {
  if (text.split(from).length !== 2) throw new Error(`Migration 0260: expected one ${from} in ${text}`);
  return text.replace(from, to);
}
