import type { Kysely, Migration } from 'kysely';

/**
 * Account security: the TOTP second factor (secret encrypted at rest, hashed single-use backup codes),
 * pending second-factor sign-ins, the security settings (roles that must use a second factor), and a
 * session flag for a user who must enrol before doing anything else. Instants are ISO-8601 text.
 */
export const migration0055MfaOidc: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_mfa')
      .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      // AES-256-GCM of the base32 secret: "v1.<iv>.<tag>.<ciphertext>" (base64url parts).
      .addColumn('secret_encrypted', 'text', (col) => col.notNull())
      // Null while enrolment awaits its first code.
      .addColumn('confirmed_at', 'text')
      // The last time step a code was accepted for: a code of that step or earlier is a replay.
      .addColumn('last_used_step', 'integer')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('user_mfa_backup_codes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      // HMAC-SHA-256 of the code under the MFA key: a copy of the database alone does not reveal them.
      .addColumn('code_hash', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('user_mfa_backup_codes_user_hash')
      .on('user_mfa_backup_codes')
      .columns(['user_id', 'code_hash'])
      .unique()
      .execute();

    // A password that was right, waiting for its second factor. Only the token's SHA-256 is kept.
    await db.schema
      .createTable('mfa_challenges')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      // Wrong codes against this challenge; past the limit it is dead and the password is asked again.
      .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    // One row per setting name; the value is JSON.
    await db.schema
      .createTable('security_settings')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();

    // Single sign-on: a provider's account (issuer + subject) linked to one user.
    await db.schema
      .createTable('user_identities')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('issuer', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('last_sign_in_at', 'text')
      .execute();
    await db.schema
      .createIndex('user_identities_issuer_subject')
      .on('user_identities')
      .columns(['issuer', 'subject'])
      .unique()
      .execute();

    // One single sign-on attempt, from the redirect to the provider until the web app collects its session.
    // Kept in the database so that any instance can take the provider's callback. Secrets are stored hashed,
    // except the PKCE verifier and nonce, which must be sent back and live only minutes.
    await db.schema
      .createTable('oidc_logins')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('state_hash', 'text', (col) => col.notNull().unique())
      .addColumn('code_verifier', 'text', (col) => col.notNull())
      .addColumn('nonce', 'text', (col) => col.notNull())
      // Set when a signed-in user links their account: the callback links instead of signing in.
      .addColumn('link_user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (col) => col.notNull())
      // After the callback: the one-time code the web app exchanges for a session, and its user.
      .addColumn('handoff_hash', 'text', (col) => col.unique())
      .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .alterTable('sessions')
      .addColumn('mfa_enrolment_required', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').dropColumn('mfa_enrolment_required').execute();
    await db.schema.dropTable('oidc_logins').execute();
    await db.schema.dropTable('user_identities').execute();
    await db.schema.dropTable('security_settings').execute();
    await db.schema.dropTable('mfa_challenges').execute();
    await db.schema.dropTable('user_mfa_backup_codes').execute();
    await db.schema.dropTable('user_mfa').execute();
  },
};
