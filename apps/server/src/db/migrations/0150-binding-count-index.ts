import type { Kysely, Migration } from 'kysely';

/**
 * The requirement list's facility counts and the bound facilities of a page's requirements read the
 * bindings of twenty requirements (twenty bindings each on the bench): on `(requirement_id, facility_id)`
 * every binding's row was read to check `bound`. This index holds the three columns those statements
 * read, so they are answered from the index alone (decision 029).
 */
export const migration0150BindingCountIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('requirement_facilities_bound_idx')
      .on('requirement_facilities')
      .columns(['requirement_id', 'bound', 'facility_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('requirement_facilities_bound_idx').execute();
  },
};
