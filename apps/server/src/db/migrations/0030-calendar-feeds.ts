import type { Kysely, Migration } from 'kysely';

/**
 * iCalendar feeds: a user's named, secret feed URLs. Only the SHA-256 of a secret is stored (like the
 * sessions' tokens); revoking deletes the row, so a revoked URL is unknown from then on.
 */
export const migration0030CalendarFeeds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('calendar_feeds')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('scope', 'text', (col) => col.notNull())
      .addColumn('facility_id', 'text', (col) => col.references('facilities.id'))
      .addColumn('secret_hash', 'text', (col) => col.notNull().unique())
      .addColumn('last_used_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('calendar_feeds_user_idx')
      .on('calendar_feeds')
      .columns(['user_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('calendar_feeds').execute();
  },
};
