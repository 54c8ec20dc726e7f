import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * The directory: facilities, program areas, regulations, user–facility assignments, and the
 * hash-chained audit trail. Text columns for free text are nullable (null = not given); booleans are 0/1.
 */
export const migration0002Directory: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('program_areas')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      // Lower-cased name: uniqueness regardless of case on both databases.
      .addColumn('name_key', 'text', (col) => col.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('regulations')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('citation', 'text')
      .addColumn('agency', 'text')
      .addColumn('jurisdiction', 'text', (col) => col.notNull())
      .addColumn('link', 'text')
      .addColumn('description', 'text')
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('facilities')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('name_key', 'text', (col) => col.notNull().unique())
      .addColumn('code', 'text', (col) => col.notNull().unique())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('ACTIVE'))
      .addColumn('address', 'text')
      .addColumn('city', 'text')
      .addColumn('state', 'text')
      .addColumn('country', 'text')
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('capacity_mw', 'double precision')
      .addColumn('commercial_operation_date', 'text')
      .addColumn('time_zone', 'text', (col) => col.notNull())
      .addColumn('notes', 'text')
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('facility_program_areas')
      .addColumn('facility_id', 'text', (col) => col.notNull().references('facilities.id').onDelete('cascade'))
      .addColumn('program_area_id', 'text', (col) => col.notNull().references('program_areas.id'))
      .addPrimaryKeyConstraint('facility_program_areas_pk', ['facility_id', 'program_area_id'])
      .execute();
    await db.schema
      .createIndex('facility_program_areas_program_area_idx')
      .on('facility_program_areas')
      .column('program_area_id')
      .execute();

    await db.schema
      .createTable('user_facilities')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('facility_id', 'text', (col) => col.notNull().references('facilities.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('user_facilities_user_facility_unique', ['user_id', 'facility_id'])
      .execute();
    await db.schema.createIndex('user_facilities_facility_idx').on('user_facilities').column('facility_id').execute();

    // No foreign keys: an audit event outlives what it describes.
    await db.schema
      .createTable('audit_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('seq', 'integer', (col) => col.notNull().unique())
      .addColumn('at', 'text', (col) => col.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_email', 'text')
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('entity_type', 'text', (col) => col.notNull())
      .addColumn('entity_id', 'text', (col) => col.notNull())
      .addColumn('facility_id', 'text')
      .addColumn('changes', 'text', (col) => col.notNull())
      .addColumn('prev_hash', 'text', (col) => col.notNull())
      .addColumn('hash', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('audit_events_entity_idx')
      .on('audit_events')
      .columns(['entity_type', 'entity_id'])
      .execute();
    await db.schema.createIndex('audit_events_actor_idx').on('audit_events').column('actor_id').execute();
    await db.schema.createIndex('audit_events_facility_idx').on('audit_events').column('facility_id').execute();
    await db.schema.createIndex('audit_events_at_idx').on('audit_events').column('at').execute();

    // Append-only in the database too: the application never updates or deletes an event. (Someone
    // with the rights to drop these triggers can still tamper; the hash chain is what detects it.)
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create function audit_events_append_only() returns trigger language plpgsql as $$
        begin raise exception 'audit events are append-only'; end $$`.execute(db);
      await sql`create trigger audit_events_append_only before update or delete on audit_events
        for each row execute function audit_events_append_only()`.execute(db);
      await sql`create trigger audit_events_no_truncate before truncate on audit_events
        for each statement execute function audit_events_append_only()`.execute(db);
    } else {
      await sql`create trigger audit_events_no_update before update on audit_events
        begin select raise(abort, 'audit events are append-only'); end`.execute(db);
      await sql`create trigger audit_events_no_delete before delete on audit_events
        begin select raise(abort, 'audit events are append-only'); end`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_events').execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`drop function if exists audit_events_append_only()`.execute(db);
    }
    await db.schema.dropTable('user_facilities').execute();
    await db.schema.dropTable('facility_program_areas').execute();
    await db.schema.dropTable('facilities').execute();
    await db.schema.dropTable('regulations').execute();
    await db.schema.dropTable('program_areas').execute();
  },
};
