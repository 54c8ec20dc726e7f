import { sql, type SqlBool } from 'kysely';
import { inBatches } from '../../db/in-batches';
import type { Db, NewRow } from '../../db/schema';
import { facilityLabelColumns, userIdentityColumns, userNameColumnsAs } from '../../db/columns';
import { findRow } from '../../db/rows';
import {
  countedRows,
  inScope,
  searchMatches,
  whereEqual,
  type CountedRows,
  type ListRequest,
} from '../../platform/list-query';
import type { UserFacilityRow } from './user-facilities.table';

/** The ids of the facilities a user is assigned to. */
export async function findFacilityIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_facilities').select('facilityId').where('userId', '=', userId).execute();
  return rows.map((row) => row.facilityId);
}

/** A user's assignments: their ids and facilities. */
export function findAssignmentsOfUser(db: Db, userId: string): Promise<Pick<UserFacilityRow, 'id' | 'facilityId'>[]> {
  return db.selectFrom('user_facilities').select(['id', 'facilityId']).where('userId', '=', userId).execute();
}

/** The (user, facility) assignments of several users. */
export function findAssignmentsOfUsers(
  db: Db,
  userIds: string[],
): Promise<Pick<UserFacilityRow, 'userId' | 'facilityId'>[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_facilities')
    .select(['userId', 'facilityId'])
    .where('userId', 'in', userIds)
    .orderBy('createdAt')
    .execute();
}

export function findUserFacilityById(db: Db, id: string): Promise<UserFacilityRow | undefined> {
  return findRow(db, 'user_facilities', { id });
}

/** Existing assignments among every pair of `userIds` × `facilityIds`. */
export function findAssignmentsAmong(db: Db, userIds: string[], facilityIds: string[]): Promise<UserFacilityRow[]> {
  if (userIds.length === 0 || facilityIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_facilities')
    .selectAll()
    .where('userId', 'in', userIds)
    .where('facilityId', 'in', facilityIds)
    .execute();
}

export function insertUserFacilities(db: Db, rows: NewRow<'user_facilities'>[]): Promise<void> {
  return inBatches(rows, 100, (batch) => db.insertInto('user_facilities').values(batch).execute());
}

export function deleteUserFacilities(db: Db, ids: string[]): Promise<void> {
  return inBatches(ids, 500, (batch) => db.deleteFrom('user_facilities').where('id', 'in', batch).execute());
}

/** The users assigned to a facility, for its detail page. */
export function findUsersOfFacility(db: Db, facilityId: string) {
  return db
    .selectFrom('user_facilities')
    .innerJoin('users', 'users.id', 'user_facilities.userId')
    .select(userIdentityColumns('users'))
    .select(['user_facilities.id as userFacilityId', 'users.id as userId'])
    .where('user_facilities.facilityId', '=', facilityId)
    .orderBy('users.email')
    .execute();
}

export type UserFacilitySortField = 'userEmail' | 'userName' | 'facilityName' | 'facilityCode' | 'createdAt';

export interface UserFacilityFilters {
  id?: string;
  userId?: string;
  facilityId?: string;
  search?: string;
  /** Facility ids the caller may see; undefined = all. */
  facilityIds?: string[];
}

function joined(db: Db, filters: UserFacilityFilters) {
  let query = db
    .selectFrom('user_facilities')
    .innerJoin('users', 'users.id', 'user_facilities.userId')
    .innerJoin('facilities', 'facilities.id', 'user_facilities.facilityId');
  query = whereEqual(query, {
    'user_facilities.id': filters.id,
    'user_facilities.userId': filters.userId,
    'user_facilities.facilityId': filters.facilityId,
  });
  if (filters.facilityIds) query = query.where(inScope('user_facilities.facilityId', filters.facilityIds));
  for (const word of (filters.search ?? '').split(/\s+/).filter(Boolean)) {
    const onUser = searchMatches('users.searchText', word);
    const onFacility = searchMatches('facilities.searchText', word);
    if (onUser && onFacility) query = query.where(sql<SqlBool>`(${onUser} or ${onFacility})`);
  }
  return query;
}

/** An assignment's own fields with its user's and its facility's. */
function withNames(db: Db, filters: UserFacilityFilters) {
  return joined(db, filters).select([
    'user_facilities.id',
    'user_facilities.userId',
    'user_facilities.facilityId',
    'user_facilities.createdAt',
    'user_facilities.updatedAt',
    'users.email as userEmail',
    ...userNameColumnsAs('users', 'user'),
    'users.role as userRole',
    'users.active as userActive',
    ...facilityLabelColumns('facilities'),
    'facilities.status as facilityStatus',
  ]);
}

export type UserFacilityListRow = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

/** The assignment `id` among those `facilityIds` (undefined = all) lets the caller see. */
export function findUserFacilityInScope(
  db: Db,
  id: string,
  facilityIds: string[] | undefined,
): Promise<UserFacilityListRow | undefined> {
  return withNames(db, { id, facilityIds }).executeTakeFirst();
}

/** One page of assignments joined with the user's and the facility's fields, and how many match. */
export function listUserFacilities(
  db: Db,
  { filters, sort, window }: ListRequest<UserFacilityFilters, UserFacilitySortField>,
): Promise<CountedRows<UserFacilityListRow>> {
  const column = {
    userEmail: 'users.email',
    // search_text is the folded "first last email": accents and case sort alike on both databases.
    userName: 'users.searchText',
    facilityName: 'facilities.searchText',
    facilityCode: 'facilities.code',
    createdAt: 'user_facilities.createdAt',
  } as const;
  return countedRows(joined(db, filters), () =>
    withNames(db, filters)
      .orderBy(column[sort.field], sort.direction)
      .orderBy('user_facilities.id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  );
}
