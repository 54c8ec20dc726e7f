import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/** Users, sessions and sign-in throttling: what the walking skeleton needs. */
export const migration0001Initial: Migration = {
  async up(db: Kysely<unknown>) {
    await m
      .createEntityTable(db, 'users')
      .addColumn('email', 'text', m.requiredUnique)
      .addColumn('first_name', 'text', m.requiredDefault(''))
      .addColumn('last_name', 'text', m.requiredDefault(''))
      .addColumn('role', 'text', m.required)
      .addColumn('password_hash', 'text', m.required)
      .addColumn('active', 'integer', m.requiredDefault(1))
      .addColumn('must_change_password', 'integer', m.requiredDefault(0))
      .addColumn('last_sign_in_at', 'text')
      .addColumn('preferences', 'text')
      .$call(m.searchTextAndTimestamps)
      .execute();

    await m
      .createEntityTable(db, 'sessions')
      .addColumn('user_id', 'text', m.references('users.id', { required: true, cascade: true }))
      .addColumn('token_hash', 'text', m.requiredUnique)
      .addColumn('created_at', 'text', m.required)
      .addColumn('last_seen_at', 'text', m.required)
      .addColumn('expires_at', 'text', m.required)
      .addColumn('revoked_at', 'text')
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await m.createIndexes(db, m.indexesOn('sessions', { sessions_user_id_idx: ['user_id'] }));

    await db.schema
      .createTable('login_throttle')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('failures', 'integer', m.requiredDefault(0))
      .addColumn('window_started_at', 'text', m.required)
      .addColumn('locked_until', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['login_throttle', 'sessions', 'users']) await db.schema.dropTable(table).execute();
  },
};
