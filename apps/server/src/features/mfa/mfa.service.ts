import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Role } from '@rtms/shared/enums';
import type { BackupCodes, MfaStatus, SecuritySettings, TotpEnrolment } from '@rtms/shared/schemas/mfa';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { AppError, conflict, forbidden, invalid } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { verifyPassword } from '../../platform/passwords';
import type { SecretBox } from '../../platform/secret-box';
import { sha256Hex } from '../../platform/sha256';
import { actorOf, type AuditEventInput, type AuditService } from '../audit/audit.service';
import type { LoginThrottle } from '../auth/login-throttle';
import { clearMfaEnrolmentRequired } from '../sessions/sessions.repository';
import { userRows } from '../users/users.repository';
import type { UserRow } from '../users/users.table';
import {
  claimStep,
  countChallengeFailure,
  countUnusedBackupCodes,
  deleteEndedChallenges,
  deleteUserMfa,
  findChallenge,
  findSetting,
  findUserMfa,
  insertChallenge,
  replaceBackupCodes,
  upsertPendingMfa,
  upsertSetting,
  useBackupCode,
  useChallenge,
} from './mfa.repository';
import { matchingStep, newTotpSecret, otpauthUrlOf } from './totp';
import { unitOfWork } from '../../db/unit-of-work';

/** How long the second-factor step of a sign-in stays open after the right password. */
const CHALLENGE_MS = 5 * 60_000;
/** Wrong codes one challenge takes before the password is asked again (the account throttle applies too). */
const CHALLENGE_MAX_FAILURES = 5;
const BACKUP_CODE_COUNT = 10;
/** Crockford's base32 alphabet without ambiguous letters: 10 characters = 50 bits per backup code. */
const BACKUP_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const MFA_REQUIRED_ROLES = 'mfaRequiredRoles';

const CHALLENGE_ENDED = 'Your sign-in has expired. Enter your email and password again.';
const WRONG_CODE = 'The code is incorrect or has already been used.';

/** 401 for a challenge that is over; `details.mfaChallengeEnded` tells the web app to ask for the password again. */
const challengeEnded = () => new AppError('UNAUTHENTICATED', CHALLENGE_ENDED, { mfaChallengeEnded: true });

/**
 * 409 for a second factor sealed under another key than this server's (a restore that left the key file
 * behind, or a changed MFA_ENCRYPTION_KEY): no code can be checked, so say so instead of failing (500) or
 * calling every code wrong. An administrator resets it (DELETE /api/users/{id}/mfa).
 */
const unreadableSecondFactor = () =>
  new AppError(
    'CONFLICT',
    'Your second factor cannot be checked on this server: it was set up under another encryption key (for example before a restore). Ask an administrator to reset your second factor, then set it up again.',
    { secondFactorUnreadable: true },
  );

export interface MfaService {
  status(principal: Principal): Promise<MfaStatus>;
  /** A new secret and its otpauth:// URL; replaces an unconfirmed one. 409 when a second factor is already on. */
  startTotpEnrolment(principal: Principal): Promise<TotpEnrolment>;
  /** Confirms the enrolment with a first code and returns the ten backup codes (shown once). */
  confirmTotp(principal: Principal, code: string, client: { ip: string }): Promise<BackupCodes>;
  /** Replaces the caller's backup codes with ten new ones (the old ones stop working); the password confirms it. */
  regenerateBackupCodes(principal: Principal, password: string, client: { ip: string }): Promise<BackupCodes>;
  /** Turns the caller's second factor off; the password proves it is the account holder. */
  disable(principal: Principal, password: string, client: { ip: string }): Promise<MfaStatus>;
  /**
   * Re-authenticates a signed-in user by a TOTP code of their second factor (an electronic signature): a code
   * of a time step already used is refused (replay); a wrong code counts like a wrong password (429 once
   * locked) and answers 400 on `code`.
   */
  verifySigningCode(principal: Principal, code: string, client: { ip: string }): Promise<void>;
  /** Whether the user has a confirmed second factor (sign-in then asks for a code). */
  hasSecondFactor(userId: string): Promise<boolean>;
  /** Whether the security settings require a second factor of `role`. */
  isRequiredFor(role: Role): Promise<boolean>;
  /** Opens the second-factor step of a sign-in; returns its `mfaToken`. */
  createChallenge(userId: string): Promise<string>;
  /** Checks a sign-in's second factor (TOTP or backup code); returns the signed-in user or throws 401/429. */
  completeChallenge(mfaToken: string, code: string, client: { ip: string }): Promise<UserRow>;
  getSettings(): Promise<SecuritySettings>;
  updateSettings(principal: Principal, settings: SecuritySettings): Promise<SecuritySettings>;
  purgeEndedChallenges(): Promise<void>;
}

function newBackupCode(): string {
  const chars = Array.from({ length: 10 }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A backup code as compared: lower case, without spaces and dashes (as people copy or type it). */
function normalizeBackupCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function createMfaService(
  db: Kysely<Database>,
  deps: { box: SecretBox; throttle: LoginThrottle; audit: AuditService; issuer: string },
): MfaService {
  const { box, throttle, audit } = deps;

  async function requiredRoles(): Promise<Role[]> {
    const value = await findSetting(db, MFA_REQUIRED_ROLES);
    return value ? (JSON.parse(value) as Role[]) : [];
  }

  async function statusOf(userId: string, role: Role): Promise<MfaStatus> {
    const row = await findUserMfa(db, userId);
    const enabled = Boolean(row?.confirmedAt);
    return {
      enabled,
      confirmedAt: row?.confirmedAt ?? null,
      backupCodesRemaining: enabled ? await countUnusedBackupCodes(db, userId) : 0,
      required: (await requiredRoles()).includes(role),
    };
  }

  /** Wrong guesses of a code count like wrong passwords: they feed the same per-account and per-address locks. */
  async function recordFailure(email: string, ip: string): Promise<void> {
    await throttle.recordFailure(email, ip);
    await throttle.assertAllowed(email, ip);
  }

  /** The caller's password, throttled like sign-in; a wrong one is a field error. */
  async function assertPassword(principal: Principal, password: string, client: { ip: string }): Promise<void> {
    await throttle.assertAllowed(principal.email, client.ip);
    const user = await userRows.findById(db, principal.id);
    if (!user || !(await verifyPassword(user.passwordHash, password))) {
      await recordFailure(principal.email, client.ip);
      throw invalid('The password is incorrect.', [{ path: 'password', message: 'The password is incorrect.' }]);
    }
  }

  /** The stored form of new backup codes: only their keyed hashes. */
  function backupCodeRows(codes: string[]) {
    return codes.map((backup) => ({ id: newId(), codeHash: box.keyedHash(normalizeBackupCode(backup)) }));
  }

  /** The audit event of a change to the caller's own second factor (the user is both actor and entity). */
  function recordOwnChange(
    trx: Transaction<Database>,
    principal: Principal,
    action: AuditEventInput['action'],
    changes: AuditEventInput['changes'],
  ): Promise<void> {
    return audit.record(trx, {
      actor: actorOf(principal),
      action,
      entityType: 'USER',
      entityId: principal.id,
      changes,
    });
  }

  /** The stored TOTP secret, or undefined when it was sealed under another key. */
  function openSecret(sealed: string): string | undefined {
    try {
      return box.open(sealed);
    } catch {
      return undefined;
    }
  }

  /** A TOTP code (once per time step) or an unused backup code of a confirmed second factor. */
  async function acceptsCode(userId: string, code: string): Promise<boolean> {
    const row = await findUserMfa(db, userId);
    if (!row?.confirmedAt) return false;
    // Checked for backup codes too: their keyed hashes use the same key, so every code would look wrong.
    const secret = openSecret(row.secretEncrypted);
    if (secret === undefined) throw unreadableSecondFactor();
    const compact = code.replace(/\s+/g, '');
    if (/^\d{6}$/.test(compact)) {
      const step = matchingStep(secret, compact);
      return step !== null && (await claimStep(db, userId, step, nowIso()));
    }
    const backup = normalizeBackupCode(code);
    if (!/^[0-9a-z]{10}$/.test(backup)) return false;
    return useBackupCode(db, userId, box.keyedHash(backup), nowIso());
  }

  return {
    status: (principal) => statusOf(principal.id, principal.role),

    async startTotpEnrolment(principal) {
      const row = await findUserMfa(db, principal.id);
      if (row?.confirmedAt) throw conflict('A second factor is already set up. Turn it off first to set up a new one.');
      const secret = newTotpSecret();
      await upsertPendingMfa(db, principal.id, box.seal(secret), nowIso());
      return { secret, otpauthUrl: otpauthUrlOf(secret, principal.email, deps.issuer) };
    },

    async confirmTotp(principal, code, client) {
      await throttle.assertAllowed(principal.email, client.ip);
      const row = await findUserMfa(db, principal.id);
      if (!row) throw conflict('Start setting up the second factor first.');
      if (row.confirmedAt) throw conflict('A second factor is already set up.');
      const secret = openSecret(row.secretEncrypted);
      if (secret === undefined) {
        throw conflict('This set-up can no longer be checked (the server’s key changed). Start setting up again.');
      }
      const step = matchingStep(secret, code);
      if (step === null) {
        await recordFailure(principal.email, client.ip);
        const message = 'The code is incorrect. Check that your device’s time is right and try again.';
        throw invalid(message, [{ path: 'code', message }]);
      }
      const backupCodes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
      await unitOfWork(db, async (trx) => {
        const at = nowIso();
        if (!(await claimStep(trx, principal.id, step, at, at))) {
          throw conflict('This set-up was already confirmed or restarted. Reload and try again.');
        }
        await replaceBackupCodes(trx, principal.id, backupCodeRows(backupCodes), at);
        await clearMfaEnrolmentRequired(trx, principal.id);
        await recordOwnChange(trx, principal, 'MFA_ENABLE', { mfaEnabled: { before: false, after: true } });
      });
      return { backupCodes };
    },

    async regenerateBackupCodes(principal, password, client) {
      await assertPassword(principal, password, client);
      if (!(await findUserMfa(db, principal.id))?.confirmedAt) {
        throw conflict('Set up two-step verification first: backup codes come with it.');
      }
      const backupCodes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
      await unitOfWork(db, async (trx) => {
        await replaceBackupCodes(trx, principal.id, backupCodeRows(backupCodes), nowIso());
        await recordOwnChange(trx, principal, 'UPDATE', {
          backupCodes: { before: 'replaced', after: `${BACKUP_CODE_COUNT} new` },
        });
      });
      return { backupCodes };
    },

    async disable(principal, password, client) {
      await assertPassword(principal, password, client);
      const row = await findUserMfa(db, principal.id);
      if (row?.confirmedAt && (await requiredRoles()).includes(principal.role)) {
        throw forbidden('Your role must use a second factor, so it cannot be turned off.');
      }
      await unitOfWork(db, async (trx) => {
        if (!(await deleteUserMfa(trx, principal.id)) || !row?.confirmedAt) return;
        await recordOwnChange(trx, principal, 'MFA_DISABLE', { mfaEnabled: { before: true, after: false } });
      });
      return statusOf(principal.id, principal.role);
    },

    async verifySigningCode(principal, code, client) {
      await throttle.assertAllowed(principal.email, client.ip);
      const row = await findUserMfa(db, principal.id);
      const secret = row?.confirmedAt ? openSecret(row.secretEncrypted) : undefined;
      if (row?.confirmedAt && secret === undefined) throw unreadableSecondFactor();
      const compact = code.replace(/\s+/g, '');
      const step = secret !== undefined && /^\d{6}$/.test(compact) ? matchingStep(secret, compact) : null;
      // One atomic claim of the step: the same code sent twice, or raced, signs once.
      if (step === null || !(await claimStep(db, principal.id, step, nowIso()))) {
        await recordFailure(principal.email, client.ip);
        throw invalid(WRONG_CODE, [{ path: 'code', message: WRONG_CODE }]);
      }
      await throttle.recordSuccess(principal.email);
    },

    async hasSecondFactor(userId) {
      return Boolean((await findUserMfa(db, userId))?.confirmedAt);
    },

    isRequiredFor: async (role) => (await requiredRoles()).includes(role),

    async createChallenge(userId) {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      await insertChallenge(db, {
        id: newId(),
        userId,
        tokenHash: sha256Hex(token),
        expiresAt: nowIso(new Date(now + CHALLENGE_MS)),
        createdAt: nowIso(new Date(now)),
      });
      return token;
    },

    async completeChallenge(mfaToken, code, client) {
      const challenge = await findChallenge(db, sha256Hex(mfaToken));
      const live =
        challenge &&
        !challenge.usedAt &&
        Date.parse(challenge.expiresAt) > Date.now() &&
        challenge.failedAttempts < CHALLENGE_MAX_FAILURES;
      if (!live) throw challengeEnded();
      const user = await userRows.findById(db, challenge.userId);
      if (!user?.active) throw challengeEnded();
      await throttle.assertAllowed(user.email, client.ip);
      if (!(await acceptsCode(user.id, code))) {
        const failures = await countChallengeFailure(db, challenge.id);
        await recordFailure(user.email, client.ip);
        throw failures >= CHALLENGE_MAX_FAILURES ? challengeEnded() : new AppError('UNAUTHENTICATED', WRONG_CODE);
      }
      if (!(await useChallenge(db, challenge.id, nowIso()))) throw challengeEnded();
      await throttle.recordSuccess(user.email);
      return user;
    },

    getSettings: async () => ({ mfaRequiredRoles: await requiredRoles() }),

    async updateSettings(principal, settings) {
      const before = await requiredRoles();
      await unitOfWork(db, async (trx) => {
        await upsertSetting(trx, MFA_REQUIRED_ROLES, JSON.stringify(settings.mfaRequiredRoles), nowIso());
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'UPDATE',
          entityType: 'SECURITY_SETTINGS',
          entityId: MFA_REQUIRED_ROLES,
          changes: { mfaRequiredRoles: { before, after: settings.mfaRequiredRoles } },
        });
      });
      return { mfaRequiredRoles: settings.mfaRequiredRoles };
    },

    purgeEndedChallenges: () => deleteEndedChallenges(db, nowIso(new Date(Date.now() - 86_400_000))),
  };
}
