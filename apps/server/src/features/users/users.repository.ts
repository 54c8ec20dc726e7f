import { PostgresAdapter } from 'kysely';
import { ROLES, type Role } from '@rtms/shared/enums';
import { seesAllFacilities } from '@rtms/shared/permissions';
import type { Db } from '../../db/schema';
import { recordRows } from '../../db/rows';
import { whereEqual, whereSearchMatches, searchableList, type SearchableSorts } from '../../platform/list-query';
import type { UserRow } from './users.table';
import { countRows } from '../../db/count-rows';

/** The roles that see every facility (permissions.ts seesAllFacilities), as a list for SQL. */
const ALL_FACILITY_ROLES = ROLES.filter(seesAllFacilities);

/** A user's row by id, several by ids, insert and update by id (db/rows.ts). */
export const userRows = recordRows('users');

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function countUsers(db: Db): Promise<number> {
  return countRows(db.selectFrom('users'));
}

/**
 * Which users a caller may see: everyone, or themself plus the users assigned to any of `facilityIds`
 * (FACILITY_ADMIN: their facilities; FACILITY_USER: none, so only themself).
 */
export type UserVisibility = { all: true } | { all: false; selfId: string; facilityIds: string[] };

export type UserSortField =
  'email' | 'name' | 'firstName' | 'lastName' | 'role' | 'active' | 'lastSignInAt' | 'createdAt' | 'updatedAt';

export interface UserFilters {
  visibility: UserVisibility;
  id?: string;
  search?: string;
  role?: Role;
  active?: boolean;
  facilityId?: string;
  /** Users who may see every one of these facilities: assigned to each, or an all-facility role. */
  assignableTo?: readonly string[];
}

function filtered(db: Db, filters: UserFilters) {
  let query = db.selectFrom('users');
  const visibility = filters.visibility;
  if (!visibility.all) {
    const { selfId, facilityIds } = visibility;
    query = query.where((eb) =>
      facilityIds.length
        ? eb.or([
            eb('id', '=', selfId),
            eb('id', 'in', eb.selectFrom('user_facilities').select('userId').where('facilityId', 'in', facilityIds)),
          ])
        : eb('id', '=', selfId),
    );
  }
  query = whereEqual(query, {
    id: filters.id,
    role: filters.role,
  });
  if (filters.active !== undefined) query = query.where('active', '=', filters.active ? 1 : 0);
  if (filters.facilityId) {
    const facilityId = filters.facilityId;
    query = query.where('id', 'in', (eb) =>
      eb.selectFrom('user_facilities').select('userId').where('facilityId', '=', facilityId),
    );
  }
  for (const facilityId of filters.assignableTo ?? []) {
    query = query.where((eb) =>
      eb.or([
        eb('role', 'in', ALL_FACILITY_ROLES),
        eb('id', 'in', eb.selectFrom('user_facilities').select('userId').where('facilityId', '=', facilityId)),
      ]),
    );
  }
  return whereSearchMatches(query, 'users.searchText', filters.search);
}

/** The user `id` if `visibility` lets the caller see them. */
export function findVisibleUser(db: Db, visibility: UserVisibility, id: string): Promise<UserRow | undefined> {
  return filtered(db, { visibility, id }).selectAll().executeTakeFirst();
}

/** search_text is the folded "first last email"; users alike in the sorted field are ordered by email. */
const sorts: SearchableSorts<UserSortField> = {
  bySearchText: 'name',
  byLowerCase: ['firstName', 'lastName'],
  tieBreak: 'email',
};

/** One page of users and how many match. */
export const listUsers = searchableList(filtered, sorts);

/**
 * The ids of the active ALL_FACILITY_ADMIN users. On PostgreSQL the rows are locked until the end of
 * the transaction, so that two concurrent demotions cannot both see "another admin remains".
 * (SQLite runs one write transaction at a time.)
 */
export async function lockActiveAdminIds(trx: Db): Promise<string[]> {
  let query = trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'ALL_FACILITY_ADMIN')
    .where('active', '=', 1)
    .orderBy('id');
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}
