import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { OPEN_FINDING_STATUSES } from '@rtms/shared/enums';
import { NO_GROUP_KEY, type ReportGroupBy } from '@rtms/shared/schemas/reports';
import type { Db } from '../../db/schema';
import { nothing } from '../../platform/list-query';
import {
  filteredTasks,
  inGroup,
  overdueOnCondition,
  stateCondition,
  type TaskFilters,
  type TodayGroup,
} from '../tasks/task-filters.repository';

/**
 * The reports' counts over `tasks`, by the Tasks Tracker's own filters and state rules (task-filters.repository.ts),
 * so that every number equals the total of the Tracker list it links to (report-links.ts in the shared package).
 */

/** The outcome counts of one group (and month) at one facility. */
export interface OutcomeCounts {
  due: number;
  onTime: number;
  late: number;
  missed: number;
  notApplicable: number;
  openOverdue: number;
}

export interface OutcomeRow extends OutcomeCounts {
  facilityId: string;
  key: string;
  /** `YYYY-MM` of the due date (trend), '' for the scorecard. */
  month: string;
}

function anyOf(conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  if (conditions.length === 0) return nothing;
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}

const sumWhen = (condition: RawBuilder<SqlBool>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

/** The tasks of `filters`, with their group's key (a requirement without a program area or regulation: `none`). */
function groupedTasks(db: Db, filters: TaskFilters, groupBy: ReportGroupBy) {
  const tasks = filteredTasks(db, { ...filters, todays: undefined }).innerJoin(
    'requirements',
    'requirements.id',
    'tasks.requirementId',
  );
  const key =
    groupBy === 'facility'
      ? sql<string>`${sql.ref('tasks.facilityId')}`
      : groupBy === 'category'
        ? sql<string>`${sql.ref('tasks.category')}`
        : sql<string>`coalesce(${sql.ref(groupBy === 'programArea' ? 'requirements.programAreaId' : 'requirements.regulationId')}, ${sql.lit(NO_GROUP_KEY)})`;
  return { tasks, key };
}

/**
 * The tasks of `filters` (which bound the due date) per facility, group and, with `byMonth`, month of the due
 * date: applicable (`due`), done by timeliness, not applicable, and overdue today (each facility's today, from
 * `todays`).
 */
export async function countOutcomes(
  db: Db,
  filters: TaskFilters,
  groupBy: ReportGroupBy,
  todays: TodayGroup[],
  byMonth: boolean,
): Promise<OutcomeRow[]> {
  const { tasks, key } = groupedTasks(db, filters, groupBy);
  const anyDay = todays[0]?.today ?? '0001-01-01';
  const notApplicable = stateCondition(db, 'NOT_APPLICABLE', anyDay);
  const done = (timeliness: string) =>
    sql<SqlBool>`(${stateCondition(db, 'COMPLETED', anyDay)} and ${sql.ref('tasks.timeliness')} = ${timeliness})`;
  const overdue = anyOf(todays.map((group) => inGroup(group, stateCondition(db, 'OVERDUE', group.today))));
  const month = byMonth ? sql<string>`substr(${sql.ref('tasks.dueDate')}, 1, 7)` : sql<string>`''`;
  const rows = await tasks
    .select([
      'tasks.facilityId',
      key.as('key'),
      month.as('month'),
      sumWhen(sql<SqlBool>`not ${notApplicable}`).as('due'),
      sumWhen(done('ON_TIME')).as('onTime'),
      sumWhen(done('LATE')).as('late'),
      sumWhen(done('MISSED')).as('missed'),
      sumWhen(notApplicable).as('notApplicable'),
      sumWhen(overdue).as('openOverdue'),
    ])
    .groupBy(byMonth ? ['tasks.facilityId', key, month] : ['tasks.facilityId', key])
    .execute();
  return rows.map((row) => ({
    facilityId: row.facilityId,
    key: String(row.key),
    month: String(row.month),
    due: Number(row.due),
    onTime: Number(row.onTime),
    late: Number(row.late),
    missed: Number(row.missed),
    notApplicable: Number(row.notApplicable),
    openOverdue: Number(row.openOverdue),
  }));
}

/** Tasks of one facility and group due on `dueDate` and done on `completedOn` (null: still to do), counted. */
export interface LateRow {
  facilityId: string;
  key: string;
  dueDate: string;
  completedOn: string | null;
  count: number;
}

/**
 * The tasks of `filters` that were overdue at the end of some day from `firstDay` to `lastDay`: due before
 * `lastDay` and either still to do or completed after their due date and after `firstDay`. Grouped by due and
 * completion day, from which the count at the end of any day of the range follows (`overdueOnCondition`).
 */
export async function findOverdueCandidates(
  db: Db,
  filters: TaskFilters,
  groupBy: ReportGroupBy,
  firstDay: string,
  lastDay: string,
): Promise<LateRow[]> {
  const { tasks, key } = groupedTasks(db, filters, groupBy);
  const completedOn = sql.ref('tasks.completedOn');
  const rows = await tasks
    .where('tasks.dueDate', '<', lastDay)
    .where(overdueOnCondition(firstDay))
    .where(sql<SqlBool>`(${sql.ref('tasks.status')} <> 'COMPLETED' or ${completedOn} > ${sql.ref('tasks.dueDate')})`)
    .select([
      'tasks.facilityId',
      key.as('key'),
      'tasks.dueDate',
      sql<string | null>`case when ${sql.ref('tasks.status')} = 'COMPLETED' then ${completedOn} end`.as('doneOn'),
      sql<number>`count(*)`.as('count'),
    ])
    .groupBy(['tasks.facilityId', key, 'tasks.dueDate', 'doneOn'])
    .execute();
  return rows.map((row) => ({
    facilityId: row.facilityId,
    key: String(row.key),
    dueDate: row.dueDate,
    completedOn: row.doneOn,
    count: Number(row.count),
  }));
}

/** The label of each key of a grouping (facility name, program area name, regulation title). */
export async function findGroupLabels(db: Db, groupBy: ReportGroupBy, keys: string[]): Promise<Map<string, string>> {
  const ids = keys.filter((key) => key !== NO_GROUP_KEY);
  if (groupBy === 'category' || ids.length === 0) return new Map();
  const rows =
    groupBy === 'facility'
      ? await db.selectFrom('facilities').select(['id', 'name as label']).where('id', 'in', ids).execute()
      : groupBy === 'programArea'
        ? await db.selectFrom('program_areas').select(['id', 'name as label']).where('id', 'in', ids).execute()
        : await db.selectFrom('regulations').select(['id', 'title as label']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.label]));
}

/** Open findings of a group: all of them, and those of severity HIGH or CRITICAL. */
export interface FindingCounts {
  open: number;
  severe: number;
}

/**
 * Open findings (OPEN, ACTIONS_IN_PROGRESS, PENDING_VERIFICATION) per group key, in the facilities of
 * `scopeFacilityIds` (undefined: all), `severe` counting HIGH and CRITICAL. Grouped like the tasks: by facility, or
 * by the category, program area or regulation of the finding's requirement (`none` when it has none of the latter
 * two); a finding with no requirement counts in its facility only.
 */
export async function countOpenFindingsByGroup(
  db: Db,
  groupBy: ReportGroupBy,
  scopeFacilityIds: readonly string[] | undefined,
): Promise<Map<string, FindingCounts>> {
  if (scopeFacilityIds?.length === 0) return new Map();
  const key =
    groupBy === 'facility'
      ? sql<string>`${sql.ref('f.facilityId')}`
      : groupBy === 'category'
        ? sql<string>`${sql.ref('r.category')}`
        : sql<string>`coalesce(${sql.ref(groupBy === 'programArea' ? 'r.programAreaId' : 'r.regulationId')}, ${sql.lit(NO_GROUP_KEY)})`;
  let query = db
    .selectFrom('findings as f')
    .leftJoin('requirements as r', 'r.id', 'f.requirementId')
    .select([
      key.as('key'),
      (eb) => eb.fn.countAll<number | string>().as('open'),
      (eb) =>
        eb.fn
          .sum<number | string>(eb.case().when('f.severity', 'in', ['HIGH', 'CRITICAL']).then(1).else(0).end())
          .as('severe'),
    ])
    .where('f.status', 'in', [...OPEN_FINDING_STATUSES])
    .groupBy(key);
  if (groupBy !== 'facility') query = query.where('f.requirementId', 'is not', null);
  if (scopeFacilityIds) query = query.where('f.facilityId', 'in', [...scopeFacilityIds]);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.key, { open: Number(row.open), severe: Number(row.severe ?? 0) }]));
}
