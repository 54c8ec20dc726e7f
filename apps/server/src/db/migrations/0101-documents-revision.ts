import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * One row (id 1) whose revision grows with every change to documents or their tags, in the same
 * transaction: totals of the document list cached per filter are valid while it has not moved, on every
 * instance (decision 027; as tasks_revision for the Tasks Tracker).
 */
export const migration0101DocumentsRevision: Migration = {
  async up(db: Kysely<unknown>) {
    await m.createRevisionRow(db, 'documents_revision');
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('documents_revision').execute();
  },
};
