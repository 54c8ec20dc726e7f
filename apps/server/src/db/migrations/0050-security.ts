import type { Kysely, Migration } from 'kysely';

/**
 * Request rate limits kept in the database (platform/rate-limit.ts), so that every app instance counts
 * against the same buckets: one row per limited caller and rule, one fixed window at a time.
 */
export const migration0050Security: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limit_buckets')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('hits', 'integer', (col) => col.notNull())
      .addColumn('window_started_at', 'text', (col) => col.notNull())
      .addColumn('window_ends_at', 'text', (col) => col.notNull())
      .execute();
    // The purge of ended windows reads by end.
    await db.schema
      .createIndex('rate_limit_buckets_window_ends_at')
      .on('rate_limit_buckets')
      .column('window_ends_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limit_buckets').execute();
  },
};
