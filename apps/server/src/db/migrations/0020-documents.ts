import type { Kysely, Migration } from 'kysely';

/**
 * Documents (task evidence and the library), every stored version of their files, and their tags.
 * `task_id` has no foreign key: tasks live in another feature's tables and a task with evidence is never
 * removed (evidence marks it touched). Booleans are 0/1; dates `YYYY-MM-DD`; instants ISO-8601 text.
 */
export const migration0020Documents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('documents')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('task_id', 'text')
      .addColumn('evidence_date', 'text')
      .addColumn('facility_id', 'text', (col) => col.references('facilities.id'))
      .addColumn('program_area_id', 'text', (col) => col.references('program_areas.id'))
      .addColumn('regulation_id', 'text', (col) => col.references('regulations.id'))
      // The current version, copied from document_versions so that lists read one table.
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('file_name', 'text', (col) => col.notNull())
      .addColumn('media_type', 'text', (col) => col.notNull())
      .addColumn('size', 'bigint', (col) => col.notNull())
      .addColumn('sha256', 'text', (col) => col.notNull())
      .addColumn('storage_key', 'text', (col) => col.notNull())
      .addColumn('uploaded_by', 'text', (col) => col.references('users.id'))
      .addColumn('archived_at', 'text')
      .addColumn('archived_by', 'text', (col) => col.references('users.id'))
      .addColumn('archive_reason', 'text')
      .addColumn('retain_until', 'text')
      .addColumn('legal_hold', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    // Lists: active or archived, per kind, newest first; evidence of a task; per facility.
    await db.schema
      .createIndex('documents_kind_archived_created_idx')
      .on('documents')
      .columns(['kind', 'archived_at', 'created_at'])
      .execute();
    await db.schema.createIndex('documents_task_idx').on('documents').columns(['task_id', 'archived_at']).execute();
    await db.schema
      .createIndex('documents_facility_idx')
      .on('documents')
      .columns(['facility_id', 'archived_at', 'created_at'])
      .execute();
    await db.schema.createIndex('documents_program_area_idx').on('documents').column('program_area_id').execute();
    await db.schema.createIndex('documents_regulation_idx').on('documents').column('regulation_id').execute();

    await db.schema
      .createTable('document_versions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('document_id', 'text', (col) => col.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('file_name', 'text', (col) => col.notNull())
      .addColumn('media_type', 'text', (col) => col.notNull())
      .addColumn('size', 'bigint', (col) => col.notNull())
      .addColumn('sha256', 'text', (col) => col.notNull())
      .addColumn('storage_key', 'text', (col) => col.notNull().unique())
      .addColumn('uploaded_by', 'text', (col) => col.references('users.id'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      // Two concurrent uploads of a new version cannot both become version n.
      .addUniqueConstraint('document_versions_document_version_unique', ['document_id', 'version'])
      .execute();

    await db.schema
      .createTable('document_tags')
      .addColumn('document_id', 'text', (col) => col.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('tag', 'text', (col) => col.notNull())
      // Lower-cased tag: one tag per document regardless of case, and case-insensitive filtering.
      .addColumn('tag_key', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('document_tags_pk', ['document_id', 'tag_key'])
      .execute();
    await db.schema.createIndex('document_tags_tag_key_idx').on('document_tags').column('tag_key').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('document_tags').execute();
    await db.schema.dropTable('document_versions').execute();
    await db.schema.dropTable('documents').execute();
  },
};
