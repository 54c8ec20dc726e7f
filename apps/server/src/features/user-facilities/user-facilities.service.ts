import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { displayNameOf } from '@rtms/shared/display-name';
import type { FieldError } from '@rtms/shared/error-codes';
import type {
  UserFacility,
  UserFacilityAction,
  UserFacilityListQuery,
  bulkUserFacilitiesBodySchema,
  createUserFacilityBodySchema,
} from '@rtms/shared/schemas/user-facilities';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { isUniqueViolation } from '../../platform/db-errors';
import { conflict, invalid, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { listRequest, pageOf, type Page } from '../../platform/list-query';
import { actorOf, type AuditService } from '../audit/audit.service';
import { facilityRows } from '../facilities/facilities.repository';
import type { SessionsService } from '../sessions/sessions.service';
import { userRows } from '../users/users.repository';
import {
  assertFacilitiesInScope,
  assertFacilityInScope,
  facilityScopeOf,
  scopeFacilityIds,
  type FacilityScope,
} from './facility-scope';
import {
  deleteUserFacilities,
  findAssignmentsAmong,
  findUserFacilityById,
  findUserFacilityInScope,
  insertUserFacilities,
  listUserFacilities,
  type UserFacilityListRow,
} from './user-facilities.repository';
import type { UserFacilityRow } from './user-facilities.table';
import { unitOfWork } from '../../db/unit-of-work';

type CreateBody = z.output<typeof createUserFacilityBodySchema>;
type BulkBody = z.output<typeof bulkUserFacilitiesBodySchema>;

/** At most this many (user, facility) pairs in one bulk request. */
const MAX_BULK_PAIRS = 2000;

export interface UserFacilitiesService {
  list(principal: Principal, query: UserFacilityListQuery): Promise<Page<UserFacility>>;
  get(principal: Principal, id: string): Promise<UserFacility>;
  /** Assigns a user to a facility (409 when already assigned); signs the user out everywhere. */
  create(principal: Principal, body: CreateBody): Promise<UserFacility>;
  /** Removes an assignment; signs the user out everywhere. */
  remove(principal: Principal, id: string): Promise<void>;
  /** Assigns or unassigns every listed user to/from every listed facility; signs the affected users out. */
  bulk(
    principal: Principal,
    body: BulkBody,
  ): Promise<{ action: UserFacilityAction; changed: number; unchanged: number }>;
  /**
   * Within the caller's transaction, assigns one (new) user to facilities already checked to exist
   * and be in scope, and audits each assignment. For user creation.
   */
  assignWithin(trx: Transaction<Database>, principal: Principal, userId: string, facilityIds: string[]): Promise<void>;
  /** 400 naming each of `facilityIds` that does not exist or lies outside the caller's scope. */
  assertFacilitiesUsable(principal: Principal, facilityIds: string[], path: string): Promise<void>;
}

function toUserFacility(row: UserFacilityListRow): UserFacility {
  return {
    _id: row.id,
    userId: row.userId,
    facilityId: row.facilityId,
    user: {
      _id: row.userId,
      email: row.userEmail,
      name: displayNameOf({ firstName: row.userFirstName, lastName: row.userLastName }),
      role: row.userRole,
      active: Boolean(row.userActive),
    },
    facility: { _id: row.facilityId, name: row.facilityName, code: row.facilityCode, status: row.facilityStatus },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function createUserFacilitiesService(
  db: Kysely<Database>,
  audit: AuditService,
  sessions: SessionsService,
): UserFacilitiesService {
  async function read(scope: FacilityScope, id: string): Promise<UserFacility> {
    const row = await findUserFacilityInScope(db, id, scopeFacilityIds(scope));
    if (!row) throw notFound('User facility');
    return toUserFacility(row);
  }

  /** 404 for facilities outside the caller's scope, then 400 for unknown users or facilities. */
  async function assertReferences(
    scope: FacilityScope,
    userIds: string[],
    facilityIds: string[],
    paths: { users: string; facilities: string },
  ) {
    assertFacilitiesInScope(scope, facilityIds);
    const [users, facilities] = await Promise.all([
      userRows.findByIds(db, userIds),
      facilityRows.findByIds(db, facilityIds),
    ]);
    const knownUsers = new Set(users.map((user) => user.id));
    const knownFacilities = new Set(facilities.map((f) => f.id));
    const details: FieldError[] = [
      ...userIds.flatMap((id, i) =>
        knownUsers.has(id) ? [] : [{ path: paths.users.replace('#', String(i)), message: `Unknown user ${id}` }],
      ),
      ...facilityIds.flatMap((id, i) =>
        knownFacilities.has(id)
          ? []
          : [{ path: paths.facilities.replace('#', String(i)), message: `Unknown facility ${id}` }],
      ),
    ];
    if (details.length) {
      throw invalid(
        details.length === 1 ? (details[0]?.message ?? 'Unknown reference') : 'Unknown users or facilities',
        details,
      );
    }
  }

  async function recordAssignments(
    trx: Transaction<Database>,
    principal: Principal,
    rows: UserFacilityRow[],
    action: 'ASSIGN' | 'UNASSIGN',
  ) {
    for (const row of rows) {
      const pair = { userId: row.userId, facilityId: row.facilityId };
      await audit.record(trx, {
        actor: actorOf(principal),
        action,
        entityType: 'USER_FACILITY',
        entityId: row.id,
        facilityId: row.facilityId,
        changes: Object.fromEntries(
          Object.entries(pair).map(([field, value]) => [
            field,
            action === 'ASSIGN' ? { before: null, after: value } : { before: value, after: null },
          ]),
        ),
      });
    }
  }

  async function signOut(userIds: Iterable<string>) {
    for (const userId of new Set(userIds)) await sessions.revokeAllOfUser(userId);
  }

  function newRows(pairs: { userId: string; facilityId: string }[]): UserFacilityRow[] {
    const now = nowIso();
    return pairs.map((pair) => ({ id: newId(), ...pair, createdAt: now, updatedAt: now }));
  }

  const alreadyAssigned = () =>
    conflict('This user is already assigned to this facility', [{ path: 'facilityId', message: 'Already assigned' }]);

  return {
    async list(principal, query) {
      const scope = await facilityScopeOf(db, principal);
      const filters = { ...query, facilityIds: scopeFacilityIds(scope) };
      return pageOf(query, await listUserFacilities(db, listRequest(query, filters, 'userEmail')), toUserFacility);
    },

    async get(principal, id) {
      return read(await facilityScopeOf(db, principal), id);
    },

    async create(principal, body) {
      const scope = await facilityScopeOf(db, principal);
      await assertReferences(scope, [body.userId], [body.facilityId], { users: 'userId', facilities: 'facilityId' });
      const [row] = newRows([body]);
      if (!row) throw new Error('unreachable');
      await unitOfWork(db, async (trx) => {
        if ((await findAssignmentsAmong(trx, [body.userId], [body.facilityId])).length) throw alreadyAssigned();
        await insertUserFacilities(trx, [row]);
        await recordAssignments(trx, principal, [row], 'ASSIGN');
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw alreadyAssigned();
        throw error;
      });
      await signOut([row.userId]);
      return read(scope, row.id);
    },

    async remove(principal, id) {
      const scope = await facilityScopeOf(db, principal);
      const removed = await unitOfWork(db, async (trx) => {
        const row = await findUserFacilityById(trx, id);
        if (!row) throw notFound('User facility');
        assertFacilityInScope(scope, row.facilityId, 'User facility');
        await deleteUserFacilities(trx, [row.id]);
        await recordAssignments(trx, principal, [row], 'UNASSIGN');
        return row;
      });
      await signOut([removed.userId]);
    },

    async bulk(principal, body) {
      const pairCount = body.userIds.length * body.facilityIds.length;
      if (pairCount > MAX_BULK_PAIRS) {
        throw invalid(`At most ${MAX_BULK_PAIRS} user–facility pairs at once (asked for ${pairCount})`);
      }
      const scope = await facilityScopeOf(db, principal);
      await assertReferences(scope, body.userIds, body.facilityIds, {
        users: 'userIds.#',
        facilities: 'facilityIds.#',
      });
      const changed = await unitOfWork(db, async (trx) => {
        const existing = await findAssignmentsAmong(trx, body.userIds, body.facilityIds);
        if (body.action === 'unassign') {
          await deleteUserFacilities(
            trx,
            existing.map((row) => row.id),
          );
          await recordAssignments(trx, principal, existing, 'UNASSIGN');
          return existing;
        }
        const have = new Set(existing.map((row) => `${row.userId} ${row.facilityId}`));
        const missing = body.userIds.flatMap((userId) =>
          body.facilityIds
            .filter((facilityId) => !have.has(`${userId} ${facilityId}`))
            .map((facilityId) => ({ userId, facilityId })),
        );
        const rows = newRows(missing);
        await insertUserFacilities(trx, rows);
        await recordAssignments(trx, principal, rows, 'ASSIGN');
        return rows;
      });
      await signOut(changed.map((row) => row.userId));
      return { action: body.action, changed: changed.length, unchanged: pairCount - changed.length };
    },

    async assignWithin(trx, principal, userId, facilityIds) {
      const rows = newRows(facilityIds.map((facilityId) => ({ userId, facilityId })));
      await insertUserFacilities(trx, rows);
      await recordAssignments(trx, principal, rows, 'ASSIGN');
    },

    async assertFacilitiesUsable(principal, facilityIds, path) {
      if (facilityIds.length === 0) return;
      await assertReferences(await facilityScopeOf(db, principal), [], facilityIds, {
        users: '',
        facilities: `${path}.#`,
      });
    },
  };
}
