import type { Kysely, Migration } from 'kysely';

/**
 * Names kept in each audit event as they were at the time (who, which facility, which object), so the
 * trail and its exports read in names even after a rename or a deletion. Older events keep null (the
 * screens then fall back to ids) and their hashes are unchanged: a null name is not part of the hash.
 */
export const migration0080AuditNames: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').addColumn('actor_name', 'text').execute();
    await db.schema.alterTable('audit_events').addColumn('facility_name', 'text').execute();
    await db.schema.alterTable('audit_events').addColumn('entity_name', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').dropColumn('entity_name').execute();
    await db.schema.alterTable('audit_events').dropColumn('facility_name').execute();
    await db.schema.alterTable('audit_events').dropColumn('actor_name').execute();
  },
};
