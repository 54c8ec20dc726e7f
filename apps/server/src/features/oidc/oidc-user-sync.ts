import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Role } from '@rtms/shared/enums';
import type { FastifyBaseLogger } from 'fastify';
import type { OidcConfig } from '../../config/config';
import type { Database } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import { newId, nowIso } from '../../platform/ids';
import { hashPassword } from '../../platform/passwords';
import { foldForSearch } from '../../platform/search-text';
import type { AuditService } from '../audit/audit.service';
import type { SessionsService } from '../sessions/sessions.service';
import { findFacilitiesByCodes } from '../facilities/facilities.repository';
import {
  deleteUserFacilities,
  findAssignmentsOfUser,
  insertUserFacilities,
} from '../user-facilities/user-facilities.repository';
import { findUserByEmail, userRows } from '../users/users.repository';
import type { UserRow } from '../users/users.table';
import { claimValues, namesFromClaims, roleFromClaims, type Claims } from './claims';
import { findIdentity, insertIdentity, touchIdentity } from './oidc.repository';
import { OidcFailed } from './oidc-types';

/**
 * The user behind a single sign-on: created at the first one, then brought in line with the provider's claims at
 * every sign-in (name, role, facilities; never the email), audited; a role or facility change ends the user's
 * other sessions.
 */
export function createOidcUserSync(
  db: Kysely<Database>,
  config: OidcConfig,
  deps: { sessions: SessionsService; audit: AuditService; log: FastifyBaseLogger },
) {
  /** Makes the user's facility assignments equal the facilities whose codes the claims list. */
  async function syncFacilities(trx: Transaction<Database>, userId: string, claims: Claims): Promise<boolean> {
    const codes = claimValues(claims, config.facilityClaim);
    const wanted = await findFacilitiesByCodes(trx, codes);
    const unknown = codes.filter((code) => !wanted.some((facility) => facility.code === code));
    if (unknown.length > 0)
      deps.log.warn({ unknown }, 'Single sign-on: facility codes in the claims match no facility');
    const current = await findAssignmentsOfUser(trx, userId);
    const add = wanted.filter((facility) => !current.some((row) => row.facilityId === facility.id));
    const remove = current.filter((row) => !wanted.some((facility) => facility.id === row.facilityId));
    const now = nowIso();
    for (const facility of add) {
      const id = newId();
      await insertUserFacilities(trx, [{ id, userId, facilityId: facility.id, createdAt: now, updatedAt: now }]);
      await deps.audit.record(trx, {
        actor: null,
        action: 'ASSIGN',
        entityType: 'USER_FACILITY',
        entityId: id,
        facilityId: facility.id,
        changes: { userId: { before: null, after: userId }, facilityId: { before: null, after: facility.id } },
      });
    }
    for (const row of remove) {
      await deleteUserFacilities(trx, [row.id]);
      await deps.audit.record(trx, {
        actor: null,
        action: 'UNASSIGN',
        entityType: 'USER_FACILITY',
        entityId: row.id,
        facilityId: row.facilityId,
        changes: { userId: { before: userId, after: null }, facilityId: { before: row.facilityId, after: null } },
      });
    }
    return add.length > 0 || remove.length > 0;
  }

  /** First sign-in creates the user; every sign-in brings name, role and facilities in line with the claims. */
  async function signInUser(issuer: string, claims: Claims): Promise<UserRow> {
    const subject = String(claims.sub);
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email || claims.email_verified === false) throw new OidcFailed('NO_EMAIL');
    const identity = await findIdentity(db, issuer, subject);
    const mappedRole = roleFromClaims(claims, config);
    const names = namesFromClaims(claims, email);
    const now = nowIso();

    if (!identity) {
      // Only a signed-in user may link an existing account (else whoever controls a provider account
      // with the same email would take the local one over).
      if (await findUserByEmail(db, email)) throw new OidcFailed('EMAIL_TAKEN');
      if (!mappedRole) throw new OidcFailed('NO_ROLE');
      const row: UserRow = {
        id: newId(),
        email,
        ...names,
        role: mappedRole,
        // Nobody knows this password: the account signs in through the provider only.
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        active: 1,
        mustChangePassword: 0,
        lastSignInAt: now,
        preferences: null,
        searchText: foldForSearch(names.firstName, names.lastName, email),
        createdAt: now,
        updatedAt: now,
      };
      await unitOfWork(db, async (trx) => {
        await userRows.insert(trx, row);
        await insertIdentity(trx, { id: newId(), userId: row.id, issuer, subject, createdAt: now });
        await deps.audit.record(trx, {
          actor: null,
          action: 'CREATE',
          entityType: 'USER',
          entityId: row.id,
          changes: {
            email: { before: null, after: email },
            firstName: { before: null, after: names.firstName },
            lastName: { before: null, after: names.lastName },
            role: { before: null, after: mappedRole },
            source: { before: null, after: 'single sign-on' },
          },
        });
        await syncFacilities(trx, row.id, claims);
      });
      return row;
    }

    const user = await userRows.findById(db, identity.userId);
    if (!user?.active) throw new OidcFailed('DEACTIVATED');
    // The account decides, not the provider's email (a link approved for another email keeps the account's).
    const breakGlass = user.email.toLowerCase() === config.breakGlassEmail;
    // The break-glass admin keeps the role given here, whatever the provider says, so SSO cannot lock everyone out.
    const role: Role | undefined = breakGlass ? user.role : mappedRole;
    if (!role) throw new OidcFailed('NO_ROLE');
    let signOut = false;
    await unitOfWork(db, async (trx) => {
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      if (user.firstName !== names.firstName) changes.firstName = { before: user.firstName, after: names.firstName };
      if (user.lastName !== names.lastName) changes.lastName = { before: user.lastName, after: names.lastName };
      if (user.role !== role) changes.role = { before: user.role, after: role };
      // The account's email is never taken from the provider: it is what password sign-in,
      // resets and notifications go by, and a provider account must not be able to claim another one's.
      await userRows.update(trx, user.id, {
        firstName: names.firstName,
        lastName: names.lastName,
        role,
        lastSignInAt: now,
        searchText: foldForSearch(names.firstName, names.lastName, user.email),
        ...(Object.keys(changes).length > 0 ? { updatedAt: now } : {}),
      });
      await touchIdentity(trx, identity.id, now);
      if (Object.keys(changes).length > 0) {
        await deps.audit.record(trx, {
          actor: null,
          action: changes.role ? 'ROLE_CHANGE' : 'UPDATE',
          entityType: 'USER',
          entityId: user.id,
          changes,
        });
      }
      const facilitiesChanged = breakGlass ? false : await syncFacilities(trx, user.id, claims);
      signOut = Boolean(changes.role) || facilitiesChanged;
    });
    // A role or facility change ends the user's other sessions.
    if (signOut) await deps.sessions.revokeAllOfUser(user.id);
    return { ...user, role, firstName: names.firstName, lastName: names.lastName };
  }

  return { signInUser };
}
