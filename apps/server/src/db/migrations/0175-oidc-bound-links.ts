import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * Single sign-on bound to the browser that started it, and links that wait for an administrator
 * (decision 036). A sign-in or link attempt keeps the hash of a secret held in an HttpOnly cookie of that
 * browser (the callback and the hand-off refuse any other browser) and, for a link, the session that asked
 * for it. A link whose provider email is not the account's verified email is a request an ALL_FACILITY_ADMIN
 * approves or rejects; nothing is linked until then.
 */
export const migration0175OidcBoundLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('oidc_logins').addColumn('browser_hash', 'text').execute();
    // No foreign key: a session purged or revoked before the callback simply fails the check.
    await db.schema.alterTable('oidc_logins').addColumn('session_id', 'text').execute();

    await m
      .createEntityTable(db, 'oidc_link_requests')
      .addColumn('user_id', 'text', m.references('users.id', { required: true, cascade: true }))
      .addColumn('issuer', 'text', m.required)
      .addColumn('subject', 'text', m.required)
      // What the provider said, for the administrator to judge: its email, whether verified, the role it maps to.
      .addColumn('email', 'text', m.required)
      .addColumn('email_verified', 'integer', m.requiredDefault(0))
      .addColumn('mapped_role', 'text')
      // PENDING, then APPROVED or REJECTED by decided_by_id at decided_at.
      .addColumn('status', 'text', m.required)
      .addColumn('decided_by_id', 'text', m.references('users.id'))
      .addColumn('decided_at', 'text')
      .$call(m.createdAt)
      .execute();
    await m.createIndexes(db, {
      oidc_link_requests_status_created: { on: 'oidc_link_requests', columns: ['status', 'created_at'] },
      oidc_link_requests_user: { on: 'oidc_link_requests', columns: ['user_id'] },
    });
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('oidc_link_requests').execute();
    await db.schema.alterTable('oidc_logins').dropColumn('session_id').execute();
    await db.schema.alterTable('oidc_logins').dropColumn('browser_hash').execute();
  },
};
