import type { Kysely, Migration } from 'kysely';

/**
 * The names of the objects an audit event's changed values point to (an assignee, a facility, a
 * regulation…), as JSON `{id: name}` kept at the time of the event, so that "assignee: <uuid> → <uuid>"
 * reads in names even after a rename or a deletion. Older events keep null (their hashes are unchanged).
 */
export const migration0120AuditValueNames: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').addColumn('value_names', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').dropColumn('value_names').execute();
  },
};
