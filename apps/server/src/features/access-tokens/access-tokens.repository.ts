import { sql } from 'kysely';
import type { AccessTokenListQuery } from '@rtms/shared/schemas/access-tokens';
import type { Db } from '../../db/schema';
import { countedRows, emptyLast, lowerCase, type ListRequest, type SortField } from '../../platform/list-query';
import { countRows } from '../../db/count-rows';
import { insertRow } from '../../db/rows';
import type { AccessTokenRow } from './access-tokens.table';

/** What a list of tokens answers (never a secret's hash). */
const listColumns = ['id', 'name', 'expiresOn', 'lastUsedAt', 'createdAt'] as const;

export type AccessTokenSort = SortField<NonNullable<AccessTokenListQuery['sort']>>;

/** One page of a user's tokens, sorted (never-used tokens after the others either way), ties by id. */
export function listTokensOfUser(db: Db, { filters, sort, window }: ListRequest<{ userId: string }, AccessTokenSort>) {
  const order = sort.field === 'name' ? lowerCase('name') : sql.ref(sort.field);
  return countedRows(db.selectFrom('access_tokens').where('userId', '=', filters.userId), (query) =>
    query
      .select(listColumns)
      .orderBy(emptyLast(order))
      .orderBy(order, sort.direction)
      .orderBy('id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  );
}
export type AccessTokenListRow = Awaited<ReturnType<typeof listTokensOfUser>>['rows'][number];

export function countTokensOfUser(db: Db, userId: string): Promise<number> {
  return countRows(db.selectFrom('access_tokens').where('userId', '=', userId));
}

export async function insertToken(db: Db, row: AccessTokenRow): Promise<void> {
  await insertRow(db, 'access_tokens', row);
}

/** Deletes one of the user's tokens; returns it, or undefined when the user has no such token. */
export async function deleteTokenOfUser(db: Db, userId: string, id: string): Promise<AccessTokenRow | undefined> {
  const row = await db
    .selectFrom('access_tokens')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (row) await db.deleteFrom('access_tokens').where('id', '=', id).execute();
  return row;
}

/** Deletes every token of a user (deactivation); returns them. */
export async function deleteTokensOfUser(db: Db, userId: string): Promise<AccessTokenRow[]> {
  const rows = await db.selectFrom('access_tokens').selectAll().where('userId', '=', userId).execute();
  if (rows.length) await db.deleteFrom('access_tokens').where('userId', '=', userId).execute();
  return rows;
}

/** The token of a secret's hash with its owner, while the token has not expired and the owner is active. */
export function findLiveTokenBySecretHash(db: Db, secretHash: string, today: string) {
  return db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.userId')
    .select([
      'access_tokens.id',
      'access_tokens.lastUsedAt',
      'users.id as userId',
      'users.email',
      'users.role',
      'users.firstName',
      'users.lastName',
    ])
    .where('access_tokens.secretHash', '=', secretHash)
    .where('access_tokens.expiresOn', '>=', today)
    .where('users.active', '=', 1)
    .executeTakeFirst();
}

export async function markTokenUsed(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('access_tokens').set({ lastUsedAt: at }).where('id', '=', id).execute();
}
