import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * Findings and their corrective actions.
 *
 * `findings.auto_key` is what makes an automatic finding exist at most once: `MISSED_TASK:<task id>` or
 * `LATE_COMPLETION:<task id>`, unique, null for a finding recorded by hand. Every writer inserts under it and
 * skips a conflict (never a read first), so repeated sweeps, restarts and several instances at once still leave
 * one finding per task and source. `permit_id` has no foreign key: permits live in a table of their own that is
 * wired to it later. A finding keeps its task's id when the task goes (`set null`).
 *
 * `finding_settings` is one row: whether each automatic source opens findings.
 */
export const migration0200Findings: Migration = {
  async up(db: Kysely<unknown>) {
    await m
      .createEntityTable(db, 'findings')
      .addColumn('facility_id', 'text', m.references('facilities.id', { required: true }))
      .addColumn('source', 'text', m.required)
      .addColumn('auto_key', 'text', (col) => col.unique())
      .addColumn('task_id', 'text', (col) => col.references('tasks.id').onDelete('set null'))
      .addColumn('requirement_id', 'text', (col) => col.references('requirements.id').onDelete('set null'))
      .addColumn('permit_id', 'text')
      .addColumn('title', 'text', m.required)
      .addColumn('description', 'text')
      .addColumn('severity', 'text', m.required)
      .addColumn('identified_on', 'text', m.required)
      .addColumn('owner_id', 'text', m.references('users.id'))
      .addColumn('reportable', 'integer', m.requiredDefault(0))
      .addColumn('report_due_date', 'text')
      .addColumn('reported_on', 'text')
      .addColumn('root_cause', 'text')
      .addColumn('root_cause_category', 'text')
      .addColumn('status', 'text', m.required)
      .addColumn('days_late', 'integer')
      .addColumn('verified_by', 'text', m.references('users.id'))
      .addColumn('verified_on', 'text')
      .addColumn('verification_effective', 'integer')
      .addColumn('verification_note', 'text')
      .addColumn('cancel_reason', 'text')
      .$call(m.searchTextAndTimestamps)
      .execute();
    await m
      .createEntityTable(db, 'corrective_actions')
      .addColumn('finding_id', 'text', m.references('findings.id', { required: true, cascade: true }))
      .addColumn('facility_id', 'text', m.references('facilities.id', { required: true }))
      .addColumn('title', 'text', m.required)
      .addColumn('type', 'text', m.required)
      .addColumn('owner_id', 'text', m.references('users.id', { required: true }))
      .addColumn('due_date', 'text', m.required)
      .addColumn('due_date_reason', 'text')
      .addColumn('status', 'text', m.required)
      .addColumn('completed_on', 'text')
      .addColumn('note', 'text')
      .$call(m.timestamps)
      .execute();
    await db.schema
      .createTable('corrective_action_documents')
      .addColumn('action_id', 'text', m.references('corrective_actions.id', { required: true, cascade: true }))
      .addColumn('document_id', 'text', m.references('documents.id', { required: true, cascade: true }))
      .addColumn('created_at', 'text', m.required)
      .addPrimaryKeyConstraint('corrective_action_documents_pk', ['action_id', 'document_id'])
      .execute();
    await db.schema
      .createTable('finding_settings')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('missed_task_findings', 'integer', m.requiredDefault(1))
      .addColumn('late_completion_findings', 'integer', m.requiredDefault(1))
      .addColumn('updated_at', 'text')
      .execute();
    await db
      .insertInto('finding_settings' as never)
      .values({ id: 1 } as never)
      .execute();
    await m.createIndexes(db, {
      ...m.indexesOn('findings', {
        findings_facility_status_idx: ['facility_id', 'status', 'identified_on'],
        findings_task_idx: ['task_id'],
        findings_owner_idx: ['owner_id'],
      }),
      ...m.indexesOn('corrective_actions', {
        corrective_actions_finding_idx: ['finding_id'],
        corrective_actions_owner_idx: ['owner_id', 'status', 'due_date'],
        corrective_actions_facility_idx: ['facility_id', 'status', 'due_date'],
      }),
    });
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['finding_settings', 'corrective_action_documents', 'corrective_actions', 'findings'])
      await db.schema.dropTable(table).execute();
  },
};
