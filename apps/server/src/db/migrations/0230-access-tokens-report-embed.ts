import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * Personal access tokens for BI tools, and the report settings.
 *
 * access_tokens: a user's named secrets that read the OData feed. Only the SHA-256 of a secret is stored
 * (like sessions and calendar feeds); `expires_on` is a calendar date (the token works through that day,
 * UTC); revoking deletes the row. Looked up by the hash at every feed request (unique index), listed by owner.
 *
 * report_settings: one row per setting name, the value as JSON (as security_settings): the address of the
 * embedded BI report.
 */
export const migration0230AccessTokensReportEmbed: Migration = {
  async up(db: Kysely<unknown>) {
    await m
      .createEntityTable(db, 'access_tokens')
      .addColumn('user_id', 'text', m.references('users.id', { required: true, cascade: true }))
      .addColumn('name', 'text', m.required)
      .addColumn('secret_hash', 'text', m.requiredUnique)
      .addColumn('expires_on', 'text', m.required)
      .addColumn('last_used_at', 'text')
      .$call(m.timestamps)
      .execute();
    await m.createIndexes(db, {
      access_tokens_user_idx: { on: 'access_tokens', columns: ['user_id', 'created_at'] },
    });
    await db.schema
      .createTable('report_settings')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', m.required)
      .addColumn('updated_at', 'text', m.required)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('report_settings').execute();
    await db.schema.dropTable('access_tokens').execute();
  },
};
