import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { countRows } from '../../db/count-rows';
import type { Dialect } from '../../db/database';
import type { Db } from '../../db/schema';
import { inScope, nothing } from '../../platform/list-query';
import { inGroup, stateExpression, type TodayGroup } from '../tasks/task-filters.repository';
import type { EntitySet, SetScope } from './entity-set';
import type { Condition } from './odata-filter';

/** The feed reads tables by their declarations, not by their types: one untyped view of the database. */
type AnyTables = Record<string, Record<string, unknown>>;
const untyped = (db: Db) => db as unknown as Kysely<AnyTables>;

/** What limits a read: the caller's facilities (undefined: all) and the checked $filter, if any. */
export interface ReadLimits {
  facilityIds: readonly string[] | undefined;
  filter: Condition | undefined;
  /** Each facility's today, for the computed properties (a task's state): facilities grouped by their day. */
  todays: TodayGroup[];
}

export interface PageRequest extends ReadLimits {
  orderBy: { property: string; descending: boolean }[];
  /** Keyset paging on the key (only without orderBy): rows whose id is greater. */
  after: string | undefined;
  skip: number;
  limit: number;
  properties: string[];
}

function scopeSql(scope: SetScope, facilityIds: readonly string[]): RawBuilder<SqlBool> {
  if (scope.kind === 'facility') return inScope(scope.column, facilityIds);
  return facilityIds.length
    ? sql<SqlBool>`exists (select 1 from requirement_facilities b where b.requirement_id = ${sql.ref(
        'requirements.id',
      )} and b.bound = 1 and b.facility_id in (${sql.join(facilityIds)}))`
    : nothing;
}

/**
 * A checked filter as SQL: every column a reference, every value a bound parameter, every operator one of the six
 * the tree allows. `contains` is case-sensitive on both databases, as OData's is (and has no LIKE pattern to escape).
 */
function conditionSql(db: Db, condition: Condition, dialect: Dialect, todays: TodayGroup[]): RawBuilder<SqlBool> {
  const recurse = (inner: Condition) => conditionSql(db, inner, dialect, todays);
  const ref = (column: string) => columnSql(db, column, todays);
  switch (condition.kind) {
    case 'and':
      return sql<SqlBool>`(${recurse(condition.left)} and ${recurse(condition.right)})`;
    case 'or':
      return sql<SqlBool>`(${recurse(condition.left)} or ${recurse(condition.right)})`;
    case 'not':
      return sql<SqlBool>`(not ${recurse(condition.operand)})`;
    case 'null':
      return condition.isNull
        ? sql<SqlBool>`${ref(condition.column)} is null`
        : sql<SqlBool>`${ref(condition.column)} is not null`;
    case 'contains':
      return dialect === 'postgres'
        ? sql<SqlBool>`strpos(${ref(condition.column)}, ${condition.text}) > 0`
        : sql<SqlBool>`instr(${ref(condition.column)}, ${condition.text}) > 0`;
    case 'compare': {
      const column = ref(condition.column);
      const comparison = sql<SqlBool>`${column} ${sql.raw(OPERATORS[condition.operator])} ${condition.value}`;
      // ne keeps the rows whose value is null, as OData's comparison says (null ne 'x' is true).
      return condition.operator === '<>' && condition.nullable
        ? sql<SqlBool>`(${comparison} or ${column} is null)`
        : comparison;
    }
  }
}

/** A task's derived state in its facility's today: one CASE per group of facilities sharing a day. */
function taskStateSql(db: Db, todays: TodayGroup[]): RawBuilder<string> {
  // No facility in scope: no row to judge (any day will do).
  if (todays.length === 0) return stateExpression(db, '2000-01-01');
  if (todays.length === 1) return stateExpression(db, todays[0]!.today);
  const branches = todays.map(
    (group) => sql`when ${inGroup(group, sql<SqlBool>`1 = 1`)} then ${stateExpression(db, group.today)}`,
  );
  return sql<string>`(case ${sql.join(branches, sql` `)} end)`;
}

/** A column, or a computed property's expression (`@taskState`, `@taskOverdue`: entity-set.ts ComputedProperty). */
function columnSql(db: Db, column: string, todays: TodayGroup[]): RawBuilder<unknown> {
  if (column === '@taskState') return taskStateSql(db, todays);
  if (column === '@taskOverdue')
    return sql<number>`(case when ${taskStateSql(db, todays)} = 'OVERDUE' then 1 else 0 end)`;
  return sql`${sql.ref(column)}`;
}

/** The only operator texts written into SQL (a closed set, never the request's text). */
const OPERATORS = { '=': '=', '<>': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' } as const;

function limited(db: Db, dialect: Dialect, set: EntitySet, limits: ReadLimits) {
  let query = untyped(db).selectFrom(set.table);
  if (set.scope && limits.facilityIds) query = query.where(scopeSql(set.scope, limits.facilityIds));
  if (limits.filter) query = query.where(conditionSql(db, limits.filter, dialect, limits.todays));
  return query;
}

/** One page of rows, each with the requested properties (and the key), in the order asked, then by key. */
export async function readPage(
  db: Db,
  dialect: Dialect,
  set: EntitySet,
  page: PageRequest,
): Promise<Record<string, unknown>[]> {
  const ref = (property: string) => {
    const declared = set.properties[property]!;
    return columnSql(db, declared.computed ? declared.column : `${set.table}.${declared.column}`, page.todays);
  };
  let query = limited(db, dialect, set, page);
  if (page.after) query = query.where(sql<SqlBool>`${ref('id')} > ${page.after}`);
  const properties = page.properties.includes('id') ? page.properties : ['id', ...page.properties];
  query = query.select(properties.map((property) => ref(property).as(property)));
  for (const order of page.orderBy) query = query.orderBy(ref(order.property), order.descending ? 'desc' : 'asc');
  query = query.orderBy(ref('id'), 'asc').limit(page.limit);
  if (page.skip) query = query.offset(page.skip);
  return (await query.execute()) as Record<string, unknown>[];
}

/** How many rows match (only when a client asks with $count=true). */
export function countMatching(db: Db, dialect: Dialect, set: EntitySet, limits: ReadLimits): Promise<number> {
  return countRows(limited(db, dialect, set, limits));
}
