import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * Request rate limits kept in the database (platform/rate-limit.ts), so that every app instance counts
 * against the same buckets: one row per limited caller and rule, one fixed window at a time.
 */
export const migration0050Security: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limit_buckets')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('hits', 'integer', m.required)
      .addColumn('window_started_at', 'text', m.required)
      .addColumn('window_ends_at', 'text', m.required)
      .execute();
    // The purge of ended windows reads by end.
    await m.createIndexes(
      db,
      m.indexesOn('rate_limit_buckets', { rate_limit_buckets_window_ends_at: ['window_ends_at'] }),
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limit_buckets').execute();
  },
};
