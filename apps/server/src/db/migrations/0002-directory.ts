import { sql, type Kysely, type Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * The directory: facilities, program areas, regulations, user–facility assignments, and the
 * hash-chained audit trail. Text columns for free text are nullable (null = not given); booleans are 0/1.
 */
export const migration0002Directory: Migration = {
  async up(db: Kysely<unknown>) {
    await m
      .createEntityTable(db, 'program_areas')
      .addColumn('name', 'text', m.required)
      // Lower-cased name: uniqueness regardless of case on both databases.
      .addColumn('name_key', 'text', m.requiredUnique)
      .addColumn('description', 'text')
      .addColumn('active', 'integer', m.requiredDefault(1))
      .$call(m.searchTextAndTimestamps)
      .execute();

    await m
      .createEntityTable(db, 'regulations')
      .addColumn('title', 'text', m.required)
      .addColumn('citation', 'text')
      .addColumn('agency', 'text')
      .addColumn('jurisdiction', 'text', m.required)
      .addColumn('link', 'text')
      .addColumn('description', 'text')
      .addColumn('active', 'integer', m.requiredDefault(1))
      .$call(m.searchTextAndTimestamps)
      .execute();

    let facilities = m
      .createEntityTable(db, 'facilities')
      .addColumn('name', 'text', m.required)
      .addColumn('name_key', 'text', m.requiredUnique)
      .addColumn('code', 'text', m.requiredUnique)
      .addColumn('type', 'text', m.required)
      .addColumn('status', 'text', m.requiredDefault('ACTIVE'));
    for (const column of ['address', 'city', 'state', 'country']) facilities = facilities.addColumn(column, 'text');
    for (const column of ['latitude', 'longitude', 'capacity_mw']) {
      facilities = facilities.addColumn(column, 'double precision');
    }
    await facilities
      .addColumn('commercial_operation_date', 'text')
      .addColumn('time_zone', 'text', m.required)
      .addColumn('notes', 'text')
      .$call(m.searchTextAndTimestamps)
      .execute();

    await db.schema
      .createTable('facility_program_areas')
      .addColumn('facility_id', 'text', m.references('facilities.id', { required: true, cascade: true }))
      .addColumn('program_area_id', 'text', m.references('program_areas.id', { required: true }))
      .addPrimaryKeyConstraint('facility_program_areas_pk', ['facility_id', 'program_area_id'])
      .execute();

    await m
      .createEntityTable(db, 'user_facilities')
      .addColumn('user_id', 'text', m.references('users.id', { required: true, cascade: true }))
      .addColumn('facility_id', 'text', m.references('facilities.id', { required: true, cascade: true }))
      .$call(m.timestamps)
      .addUniqueConstraint('user_facilities_user_facility_unique', ['user_id', 'facility_id'])
      .execute();

    // No foreign keys: an audit event outlives what it describes.
    await m
      .createEntityTable(db, 'audit_events')
      .addColumn('seq', 'integer', m.requiredUnique)
      .addColumn('at', 'text', m.required)
      .addColumn('actor_id', 'text')
      .addColumn('actor_email', 'text')
      .addColumn('action', 'text', m.required)
      .addColumn('entity_type', 'text', m.required)
      .addColumn('entity_id', 'text', m.required)
      .addColumn('facility_id', 'text')
      .addColumn('changes', 'text', m.required)
      .addColumn('prev_hash', 'text', m.required)
      .addColumn('hash', 'text', m.required)
      .execute();
    await m.createIndexes(db, {
      facility_program_areas_program_area_idx: { on: 'facility_program_areas', columns: ['program_area_id'] },
      user_facilities_facility_idx: { on: 'user_facilities', columns: ['facility_id'] },
      ...m.indexesOn('audit_events', {
        audit_events_entity_idx: ['entity_type', 'entity_id'],
        audit_events_actor_idx: ['actor_id'],
        audit_events_facility_idx: ['facility_id'],
        audit_events_at_idx: ['at'],
      }),
    });

    // Append-only in the database too: the application never updates or deletes an event. (Someone
    // with the rights to drop these triggers can still tamper; the hash chain is what detects it.)
    if (m.isPostgres(db)) {
      await sql`create function audit_events_append_only() returns trigger language plpgsql as $$
        begin raise exception 'audit events are append-only'; end $$`.execute(db);
      await sql`create trigger audit_events_append_only before update or delete on audit_events
        for each row execute function audit_events_append_only()`.execute(db);
      await sql`create trigger audit_events_no_truncate before truncate on audit_events
        for each statement execute function audit_events_append_only()`.execute(db);
    } else {
      for (const event of ['update', 'delete']) {
        await sql
          .raw(
            `create trigger audit_events_no_${event} before ${event} on audit_events
            begin select raise(abort, 'audit events are append-only'); end`,
          )
          .execute(db);
      }
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_events').execute();
    if (m.isPostgres(db)) await sql`drop function if exists audit_events_append_only()`.execute(db);
    for (const table of ['user_facilities', 'facility_program_areas', 'facilities', 'regulations', 'program_areas']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
