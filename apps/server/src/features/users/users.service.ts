import type { Kysely } from 'kysely';
import { displayNameOf } from '@rtms/shared/display-name';
import type { Role } from '@rtms/shared/enums';
import { can } from '@rtms/shared/permissions';
import type { User, userListQuerySchema, createUserBodySchema, updateUserBodySchema } from '@rtms/shared/schemas/users';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { CrudService } from '../../platform/crud-service';
import { isUniqueViolation } from '../../platform/db-errors';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { listRequest, pageOf } from '../../platform/list-query';
import { generatePassword, hashPassword } from '../../platform/passwords';
import { foldForSearch } from '../../platform/search-text';
import { patchRow } from '../../platform/record-update';
import { actorOf, changesBetween, creationEvent, type AuditService } from '../audit/audit.service';
import type { SessionsService } from '../sessions/sessions.service';
import { facilityScopeOf, isFacilityInScope, type FacilityScope } from '../user-facilities/facility-scope';
import { findAssignmentsOfUsers } from '../user-facilities/user-facilities.repository';
import type { UserFacilitiesService } from '../user-facilities/user-facilities.service';
import {
  findUserByEmail,
  userRows,
  findVisibleUser,
  listUsers,
  lockActiveAdminIds,
  type UserVisibility,
} from './users.repository';
import type { UserRow } from './users.table';
import { deleteUserMfa, findUserMfa, findUsersWithSecondFactor } from '../mfa/mfa.repository';
import { deleteFeedsOfUser } from '../calendar/calendar-feeds.repository';
import { stopReportsOfDeactivatedUser } from '../reports/report-subscription-audit';
import { unitOfWork } from '../../db/unit-of-work';

/**
 * Users. The list holds all users (all-facility roles), the users sharing a facility (FACILITY_ADMIN) or only
 * oneself (FACILITY_USER); `get` answers one the caller may see (404 otherwise). `create` without a password
 * generates one and returns it once as `temporaryPassword`. `update` edits a user, changes their role,
 * deactivates or reactivates them: role change and deactivation sign the user out everywhere, and the last
 * active ALL_FACILITY_ADMIN cannot be demoted or deactivated.
 */
export interface UsersService extends CrudService<
  typeof userListQuerySchema,
  typeof createUserBodySchema,
  typeof updateUserBodySchema,
  User,
  User,
  User & { temporaryPassword?: string }
> {
  /** Issues a temporary password that must be changed at next sign-in, and signs the user out everywhere. */
  resetPassword(principal: Principal, id: string): Promise<{ temporaryPassword: string }>;
  /**
   * Removes another user's second factor (a lost phone): they sign in with their password alone, or
   * enrol again at next sign-in when their role requires it. Signs the user out everywhere. Audited.
   */
  resetSecondFactor(principal: Principal, id: string): Promise<{ mfaEnabled: false }>;
}

const ADMIN: Role = 'ALL_FACILITY_ADMIN';

function toUser(row: UserRow, facilityIds: string[], mfaEnabled: boolean): User {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    name: displayNameOf(row),
    role: row.role,
    active: Boolean(row.active),
    mustChangePassword: Boolean(row.mustChangePassword),
    lastSignInAt: row.lastSignInAt,
    facilityIds,
    mfaEnabled,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The audited fields of a user: never the password hash or preferences. */
function audited(row: Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'role' | 'active' | 'mustChangePassword'>) {
  return {
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    active: Boolean(row.active),
    mustChangePassword: Boolean(row.mustChangePassword),
  };
}

const duplicateEmail = () =>
  conflict('A user with this email already exists', [{ path: 'email', message: 'This email is already used' }]);

function visibilityOf(principal: Principal, scope: FacilityScope): UserVisibility {
  if (scope.all) return { all: true };
  // FACILITY_ADMIN sees the users sharing one of their facilities; FACILITY_USER only themself.
  return { all: false, selfId: principal.id, facilityIds: can(principal.role, 'user:list') ? scope.facilityIds : [] };
}

export function createUsersService(
  db: Kysely<Database>,
  audit: AuditService,
  sessions: SessionsService,
  userFacilities: UserFacilitiesService,
): UsersService {
  /** The facility ids of each user, limited to those the caller may see. */
  async function facilityIdsOf(scope: FacilityScope, userIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
    for (const row of await findAssignmentsOfUsers(db, userIds)) {
      if (isFacilityInScope(scope, row.facilityId)) map.get(row.userId)?.push(row.facilityId);
    }
    return map;
  }

  /** The user if the caller may see them, else 404. */
  async function visibleRowOrThrow(principal: Principal, scope: FacilityScope, id: string): Promise<UserRow> {
    const row = await findVisibleUser(db, visibilityOf(principal, scope), id);
    if (!row) throw notFound('User');
    return row;
  }

  async function dto(scope: FacilityScope, row: UserRow): Promise<User> {
    const mfa = await findUsersWithSecondFactor(db, [row.id]);
    return toUser(row, (await facilityIdsOf(scope, [row.id])).get(row.id) ?? [], mfa.has(row.id));
  }

  /** Only an ALL_FACILITY_ADMIN may grant that role or act on an ALL_FACILITY_ADMIN. */
  function assertMayManage(principal: Principal, targetRole: Role, newRole?: Role) {
    if ((targetRole === ADMIN || newRole === ADMIN) && !can(principal.role, 'user:manageAdmins')) {
      throw forbidden('Only an all-facility administrator can manage all-facility administrators');
    }
  }

  return {
    async list(principal, query) {
      const scope = await facilityScopeOf(db, principal);
      const filters = { ...query, visibility: visibilityOf(principal, scope) };
      const page = await listUsers(db, listRequest(query, filters, 'email'));
      const ids = page.rows.map((row) => row.id);
      const facilities = await facilityIdsOf(scope, ids);
      const withSecondFactor = await findUsersWithSecondFactor(db, ids);
      return pageOf(query, page, (row) => toUser(row, facilities.get(row.id) ?? [], withSecondFactor.has(row.id)));
    },

    async get(principal, id) {
      const scope = await facilityScopeOf(db, principal);
      return dto(scope, await visibleRowOrThrow(principal, scope, id));
    },

    async create(principal, body) {
      assertMayManage(principal, body.role);
      const facilityIds = body.facilityIds ?? [];
      await userFacilities.assertFacilitiesUsable(principal, facilityIds, 'facilityIds');
      if (await findUserByEmail(db, body.email)) throw duplicateEmail();
      const temporaryPassword = body.password ? undefined : generatePassword();
      const passwordHash = await hashPassword(body.password ?? (temporaryPassword as string));
      const now = nowIso();
      const row: UserRow = {
        id: newId(),
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        role: body.role,
        passwordHash,
        active: 1,
        mustChangePassword: body.mustChangePassword === false ? 0 : 1,
        lastSignInAt: null,
        preferences: null,
        searchText: foldForSearch(body.firstName, body.lastName, body.email),
        createdAt: now,
        updatedAt: now,
      };
      await unitOfWork(db, async (trx) => {
        if (await findUserByEmail(trx, body.email)) throw duplicateEmail();
        await userRows.insert(trx, row);
        await audit.record(trx, creationEvent(principal, { entityType: 'USER', entityId: row.id }, audited(row)));
        await userFacilities.assignWithin(trx, principal, row.id, facilityIds);
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw duplicateEmail();
        throw error;
      });
      const scope = await facilityScopeOf(db, principal);
      const user = await dto(scope, row);
      return temporaryPassword ? { ...user, temporaryPassword } : user;
    },

    async update(principal, id, body) {
      const isSelf = id === principal.id;
      if (!isSelf && !can(principal.role, 'user:update')) throw forbidden();
      const scope = await facilityScopeOf(db, principal);
      const target = await visibleRowOrThrow(principal, scope, id);
      const wants = {
        email: body.email !== undefined && body.email !== target.email,
        role: body.role !== undefined && body.role !== target.role,
        active: body.active !== undefined && body.active !== Boolean(target.active),
      };
      if (isSelf && wants.role) throw forbidden('You cannot change your own role');
      if (isSelf && (wants.email || wants.active) && !can(principal.role, 'user:update')) {
        throw forbidden('You can change only your own first and last name');
      }
      if (wants.role && !can(principal.role, 'user:editRole'))
        throw forbidden('You do not have permission to change roles');
      if (!isSelf) assertMayManage(principal, target.role, body.role);

      const { row, changes } = await unitOfWork(db, async (trx) => {
        const before = await userRows.findById(trx, id);
        if (!before) throw notFound('User');
        const after = patchRow(before, body);
        const changes = changesBetween(audited(before), audited(after));
        if (Object.keys(changes).length === 0) return { row: before, changes };
        if (changes.email) {
          const other = await findUserByEmail(trx, after.email);
          if (other && other.id !== id) throw duplicateEmail();
        }
        const losesAdmin = before.role === ADMIN && before.active && (after.role !== ADMIN || !after.active);
        if (losesAdmin && (await lockActiveAdminIds(trx)).filter((adminId) => adminId !== id).length === 0) {
          throw conflict(
            `${before.email} is the last active all-facility administrator: make another user ALL_FACILITY_ADMIN first`,
            [
              {
                path: changes.role ? 'role' : 'active',
                message: 'The last active all-facility administrator must remain',
              },
            ],
          );
        }
        after.searchText = foldForSearch(after.firstName, after.lastName, after.email);
        after.updatedAt = nowIso();
        await userRows.update(trx, id, {
          email: after.email,
          firstName: after.firstName,
          lastName: after.lastName,
          role: after.role,
          active: after.active,
          searchText: after.searchText,
          updatedAt: after.updatedAt,
        });
        const action = changes.active
          ? after.active
            ? 'REACTIVATE'
            : 'DEACTIVATE'
          : changes.role
            ? 'ROLE_CHANGE'
            : 'UPDATE';
        await audit.record(trx, { actor: actorOf(principal), action, entityType: 'USER', entityId: id, changes });
        // Deactivation revokes the user's calendar feeds for good (their secret addresses may be out of the
        // user's hands): a reactivation does not bring them back; the user makes new ones.
        if (changes.active && !after.active) {
          await stopReportsOfDeactivatedUser(trx, audit, actorOf(principal), id, after.updatedAt);
          for (const feed of await deleteFeedsOfUser(trx, id)) {
            await audit.record(trx, {
              actor: actorOf(principal),
              action: 'DELETE',
              entityType: 'CALENDAR_FEED',
              entityId: feed.id,
              facilityId: feed.facilityId,
              changes: { name: { before: feed.name, after: null } },
            });
          }
        }
        return { row: after, changes };
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw duplicateEmail();
        throw error;
      });
      // A role change or deactivation ends the user's sessions at once.
      if (changes.role || (changes.active && !row.active)) await sessions.revokeAllOfUser(id);
      return dto(scope, row);
    },

    async resetPassword(principal, id) {
      if (id === principal.id) throw forbidden('Use Change password to change your own password');
      const scope = await facilityScopeOf(db, principal);
      const target = await visibleRowOrThrow(principal, scope, id);
      assertMayManage(principal, target.role);
      const temporaryPassword = generatePassword();
      const passwordHash = await hashPassword(temporaryPassword);
      await unitOfWork(db, async (trx) => {
        const before = await userRows.findById(trx, id);
        if (!before) throw notFound('User');
        await userRows.update(trx, id, { passwordHash, mustChangePassword: 1, updatedAt: nowIso() });
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'PASSWORD_RESET',
          entityType: 'USER',
          entityId: id,
          changes: { mustChangePassword: { before: Boolean(before.mustChangePassword), after: true } },
        });
      });
      await sessions.revokeAllOfUser(id);
      return { temporaryPassword };
    },

    async resetSecondFactor(principal, id) {
      if (id === principal.id) throw forbidden('Turn your own second factor off under Account security');
      const scope = await facilityScopeOf(db, principal);
      const target = await visibleRowOrThrow(principal, scope, id);
      assertMayManage(principal, target.role);
      await unitOfWork(db, async (trx) => {
        const before = await findUserMfa(trx, id);
        if (!(await deleteUserMfa(trx, id))) return;
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'MFA_RESET',
          entityType: 'USER',
          entityId: id,
          changes: { mfaEnabled: { before: Boolean(before?.confirmedAt), after: false } },
        });
      });
      await sessions.revokeAllOfUser(id);
      return { mfaEnabled: false };
    },
  };
}
