import { sql, type Kysely, type Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * A second pair of eyes. A requirement may ask that each completion be reviewed (`review_required`); a
 * completed task of such a requirement waits for a reviewer while `awaiting_review` = 1 (its derived state
 * is then PENDING_REVIEW). A reviewer's decision is a signature: who, when (UTC), what it means, the
 * decision and reason, the SHA-256 of every evidence version it covered (JSON) and how the signer proved
 * who they were. A single sign-on attempt may be a signing attempt (`purpose` SIGN): it keeps the provider's
 * `auth_time` and where the browser returns. Extension requests ask for a later due date, decided by the
 * facility's admins.
 */
export const migration0210ReviewSignatures: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('requirements').addColumn('review_required', 'integer', m.requiredDefault(0)).execute();
    await db.schema.alterTable('tasks').addColumn('awaiting_review', 'integer', m.requiredDefault(0)).execute();
    // Few tasks wait at any time: a partial index finds them without reading the completed ones.
    await sql`create index tasks_awaiting_review on tasks (facility_id) where awaiting_review = 1`.execute(db);

    await db.schema.alterTable('oidc_logins').addColumn('purpose', 'text', m.requiredDefault('SIGN_IN')).execute();
    await db.schema.alterTable('oidc_logins').addColumn('auth_time', 'text').execute();
    await db.schema.alterTable('oidc_logins').addColumn('return_to', 'text').execute();

    await m
      .createEntityTable(db, 'task_signatures')
      .addColumn('task_id', 'text', m.references('tasks.id', { required: true, cascade: true }))
      .addColumn('facility_id', 'text', m.references('facilities.id', { required: true }))
      .addColumn('signer_id', 'text', m.references('users.id', { required: true }))
      .addColumn('signer_name', 'text', m.required)
      .addColumn('signed_at', 'text', m.required)
      .addColumn('meaning', 'text', m.required)
      .addColumn('decision', 'text', m.required)
      .addColumn('reason', 'text')
      .addColumn('method', 'text', m.required)
      // JSON [{documentId, title, version, fileName, sha256}] of the evidence versions the signature covers.
      .addColumn('evidence', 'text', m.required)
      // The completion it judged (the task's completed_at then).
      .addColumn('completed_at', 'text')
      .addColumn('completed_by', 'text')
      .$call(m.createdAt)
      .execute();

    await m
      .createEntityTable(db, 'extension_requests')
      .addColumn('task_id', 'text', m.references('tasks.id', { required: true, cascade: true }))
      .addColumn('facility_id', 'text', m.references('facilities.id', { required: true }))
      .addColumn('requester_id', 'text', m.references('users.id', { required: true }))
      .addColumn('current_due_date', 'text', m.required)
      .addColumn('requested_due_date', 'text', m.required)
      .addColumn('reason', 'text', m.required)
      // PENDING, then APPROVED or REJECTED by decided_by_id at decided_at with decision_reason.
      .addColumn('status', 'text', m.required)
      .addColumn('decided_by_id', 'text', m.references('users.id'))
      .addColumn('decided_at', 'text')
      .addColumn('decision_reason', 'text')
      .$call(m.timestamps)
      .execute();

    await m.createIndexes(db, {
      task_signatures_task: { on: 'task_signatures', columns: ['task_id', 'signed_at'] },
      extension_requests_task: { on: 'extension_requests', columns: ['task_id', 'created_at'] },
      extension_requests_status_facility: {
        on: 'extension_requests',
        columns: ['status', 'facility_id', 'created_at'],
      },
    });
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('extension_requests').execute();
    await db.schema.dropTable('task_signatures').execute();
    await m.dropColumns(db, 'oidc_logins', ['return_to', 'auth_time', 'purpose']);
    await sql`drop index tasks_awaiting_review`.execute(db);
    await m.dropColumns(db, 'tasks', ['awaiting_review']);
    await m.dropColumns(db, 'requirements', ['review_required']);
  },
};
