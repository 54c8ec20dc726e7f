import type { Kysely, Migration } from 'kysely';

/**
 * One row (id 1) whose revision grows with every change to documents or their tags, in the same
 * transaction: totals of the document list cached per filter are valid while it has not moved, on every
 * instance (decision 027; as tasks_revision for the Tasks Tracker).
 */
export const migration0101DocumentsRevision: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('documents_revision')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db
      .insertInto('documents_revision' as never)
      .values({ id: 1, revision: 0 } as never)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('documents_revision').execute();
  },
};
