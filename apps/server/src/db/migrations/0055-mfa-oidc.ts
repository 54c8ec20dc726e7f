import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

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
      .addColumn('secret_encrypted', 'text', m.required)
      // Null while enrolment awaits its first code.
      .addColumn('confirmed_at', 'text')
      // The last time step a code was accepted for: a code of that step or earlier is a replay.
      .addColumn('last_used_step', 'integer')
      .$call(m.timestamps)
      .execute();

    await m
      .createEntityTable(db, 'user_mfa_backup_codes')
      .addColumn('user_id', 'text', m.references('users.id', { required: true, cascade: true }))
      // HMAC-SHA-256 of the code under the MFA key: a copy of the database alone does not reveal them.
      .addColumn('code_hash', 'text', m.required)
      .addColumn('used_at', 'text')
      .$call(m.createdAt)
      .execute();

    // A password that was right, waiting for its second factor. Only the token's SHA-256 is kept.
    await m
      .createEntityTable(db, 'mfa_challenges')
      .addColumn('user_id', 'text', m.references('users.id', { required: true, cascade: true }))
      .addColumn('token_hash', 'text', m.requiredUnique)
      .addColumn('expires_at', 'text', m.required)
      // Wrong codes against this challenge; past the limit it is dead and the password is asked again.
      .addColumn('failed_attempts', 'integer', m.requiredDefault(0))
      .addColumn('used_at', 'text')
      .$call(m.createdAt)
      .execute();

    // One row per setting name; the value is JSON.
    await db.schema
      .createTable('security_settings')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', m.required)
      .addColumn('updated_at', 'text', m.required)
      .execute();

    // Single sign-on: a provider's account (issuer + subject) linked to one user.
    await m
      .createEntityTable(db, 'user_identities')
      .addColumn('user_id', 'text', m.references('users.id', { required: true, cascade: true }))
      .addColumn('issuer', 'text', m.required)
      .addColumn('subject', 'text', m.required)
      .addColumn('created_at', 'text', m.required)
      .addColumn('last_sign_in_at', 'text')
      .execute();

    // One single sign-on attempt, from the redirect to the provider until the web app collects its session.
    // Kept in the database so that any instance can take the provider's callback. Secrets are stored hashed,
    // except the PKCE verifier and nonce, which must be sent back and live only minutes.
    await m
      .createEntityTable(db, 'oidc_logins')
      .addColumn('state_hash', 'text', m.requiredUnique)
      .addColumn('code_verifier', 'text', m.required)
      .addColumn('nonce', 'text', m.required)
      // Set when a signed-in user links their account: the callback links instead of signing in.
      .addColumn('link_user_id', 'text', m.references('users.id', { cascade: true }))
      .addColumn('expires_at', 'text', m.required)
      // After the callback: the one-time code the web app exchanges for a session, and its user.
      .addColumn('handoff_hash', 'text', (col) => col.unique())
      .addColumn('user_id', 'text', m.references('users.id', { cascade: true }))
      .addColumn('used_at', 'text')
      .$call(m.createdAt)
      .execute();
    await m.createIndexes(db, {
      user_mfa_backup_codes_user_hash: { on: 'user_mfa_backup_codes', columns: ['user_id', 'code_hash'], unique: true },
      user_identities_issuer_subject: { on: 'user_identities', columns: ['issuer', 'subject'], unique: true },
    });

    await db.schema
      .alterTable('sessions')
      .addColumn('mfa_enrolment_required', 'integer', m.requiredDefault(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').dropColumn('mfa_enrolment_required').execute();
    for (const table of [
      'oidc_logins',
      'user_identities',
      'security_settings',
      'mfa_challenges',
      'user_mfa_backup_codes',
      'user_mfa',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
