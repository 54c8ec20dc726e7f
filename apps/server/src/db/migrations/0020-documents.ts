import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * Documents (task evidence and the library), every stored version of their files, and their tags.
 * `task_id` has no foreign key: tasks live in another feature's tables and a task with evidence is never
 * removed (evidence marks it touched). Booleans are 0/1; dates `YYYY-MM-DD`; instants ISO-8601 text.
 */
export const migration0020Documents: Migration = {
  async up(db: Kysely<unknown>) {
    await m
      .createEntityTable(db, 'documents')
      .addColumn('kind', 'text', m.required)
      .addColumn('title', 'text', m.required)
      .addColumn('description', 'text')
      .addColumn('task_id', 'text')
      .addColumn('evidence_date', 'text')
      .addColumn('facility_id', 'text', m.references('facilities.id'))
      .addColumn('program_area_id', 'text', m.references('program_areas.id'))
      .addColumn('regulation_id', 'text', m.references('regulations.id'))
      // The current version, copied from document_versions so that lists read one table.
      .$call(fileVersion(m.required))
      .addColumn('archived_at', 'text')
      .addColumn('archived_by', 'text', m.references('users.id'))
      .addColumn('archive_reason', 'text')
      .addColumn('retain_until', 'text')
      .addColumn('legal_hold', 'integer', m.requiredDefault(0))
      .$call(m.searchTextAndTimestamps)
      .execute();

    await m
      .createEntityTable(db, 'document_versions')
      .addColumn('document_id', 'text', m.references('documents.id', { required: true, cascade: true }))
      .$call(fileVersion(m.requiredUnique))
      .$call(m.createdAt)
      // Two concurrent uploads of a new version cannot both become version n.
      .addUniqueConstraint('document_versions_document_version_unique', ['document_id', 'version'])
      .execute();

    await db.schema
      .createTable('document_tags')
      .addColumn('document_id', 'text', m.references('documents.id', { required: true, cascade: true }))
      .addColumn('tag', 'text', m.required)
      // Lower-cased tag: one tag per document regardless of case, and case-insensitive filtering.
      .addColumn('tag_key', 'text', m.required)
      .addColumn('position', 'integer', m.required)
      .addPrimaryKeyConstraint('document_tags_pk', ['document_id', 'tag_key'])
      .execute();

    // Lists: active or archived, per kind, newest first; evidence of a task; per facility.
    await m.createIndexes(db, {
      ...m.indexesOn('documents', {
        documents_kind_archived_created_idx: ['kind', 'archived_at', 'created_at'],
        documents_task_idx: ['task_id', 'archived_at'],
        documents_facility_idx: ['facility_id', 'archived_at', 'created_at'],
        documents_program_area_idx: ['program_area_id'],
        documents_regulation_idx: ['regulation_id'],
      }),
      document_tags_tag_key_idx: { on: 'document_tags', columns: ['tag_key'] },
    });
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['document_tags', 'document_versions', 'documents']) await db.schema.dropTable(table).execute();
  },
};

/**
 * A stored file version's columns, as document_versions holds them and documents copies the current one;
 * `storageKey` constrains the storage key (unique among versions).
 */
const fileVersion =
  (storageKey: typeof m.required) =>
  <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    table
      .addColumn('version', 'integer', m.required)
      .addColumn('file_name', 'text', m.required)
      .addColumn('media_type', 'text', m.required)
      .addColumn('size', 'bigint', m.required)
      .addColumn('sha256', 'text', m.required)
      .addColumn('storage_key', 'text', storageKey)
      .addColumn('uploaded_by', 'text', m.references('users.id'));
