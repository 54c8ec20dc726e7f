import { sql, type SqlBool } from 'kysely';
import type { CorrectiveActionListQuery } from '@rtms/shared/schemas/findings';
import type { Db } from '../../db/schema';
import { countedRows, inScope, lowerCase, type ListRequest } from '../../platform/list-query';
import { overdueCondition, type TodayGroups } from './findings.repository';
import type { CorrectiveActionRow } from './findings.table';

/** A corrective action with the names it shows and whether it is overdue today. */
function actionsWithLabels(db: Db, todays: TodayGroups) {
  return db
    .selectFrom('corrective_actions')
    .innerJoin('findings', 'findings.id', 'corrective_actions.findingId')
    .innerJoin('facilities', 'facilities.id', 'corrective_actions.facilityId')
    .innerJoin('users as owner', 'owner.id', 'corrective_actions.ownerId')
    .selectAll('corrective_actions')
    .select([
      'findings.title as findingTitle',
      'facilities.name as facilityName',
      'owner.firstName as ownerFirstName',
      'owner.lastName as ownerLastName',
      'owner.email as ownerEmail',
      sql<number>`case when corrective_actions.status = 'OPEN' and ${overdueCondition(
        todays,
        'corrective_actions.due_date',
        'corrective_actions.facility_id',
      )} then 1 else 0 end`.as('overdue'),
    ]);
}

export type ActionListRow = NonNullable<Awaited<ReturnType<typeof findActionWithLabels>>>;

export function findActionWithLabels(db: Db, id: string, todays: TodayGroups) {
  return actionsWithLabels(db, todays).where('corrective_actions.id', '=', id).executeTakeFirst();
}

/** A finding's actions, oldest first. */
export function findActionsOfFinding(db: Db, findingId: string, todays: TodayGroups): Promise<ActionListRow[]> {
  return actionsWithLabels(db, todays)
    .where('corrective_actions.findingId', '=', findingId)
    .orderBy('corrective_actions.createdAt')
    .orderBy('corrective_actions.id')
    .execute();
}

export interface ActionFilters extends Omit<CorrectiveActionListQuery, 'page' | 'pageSize' | 'sort' | 'search'> {
  facilityIds: string[] | undefined;
  searchPatterns: string[];
  todays: TodayGroups;
}

function filteredActions(db: Db, filters: ActionFilters) {
  let query = db.selectFrom('corrective_actions').innerJoin('findings', 'findings.id', 'corrective_actions.findingId');
  if (filters.facilityIds) query = query.where(inScope('corrective_actions.facilityId', filters.facilityIds));
  for (const column of ['status', 'ownerId', 'facilityId', 'findingId'] as const) {
    const value = filters[column];
    if (value) query = query.where(`corrective_actions.${column}`, '=', value as never);
  }
  if (filters.dueFrom) query = query.where('corrective_actions.dueDate', '>=', filters.dueFrom);
  if (filters.dueTo) query = query.where('corrective_actions.dueDate', '<=', filters.dueTo);
  if (filters.overdue !== undefined) {
    const overdue = sql<SqlBool>`(corrective_actions.status = 'OPEN' and ${overdueCondition(
      filters.todays,
      'corrective_actions.due_date',
      'corrective_actions.facility_id',
    )})`;
    query = query.where(filters.overdue ? overdue : sql<SqlBool>`not ${overdue}`);
  }
  for (const pattern of filters.searchPatterns)
    query = query.where(sql<SqlBool>`lower(corrective_actions.title) like ${pattern} escape '\\'`);
  return query;
}

type ActionSort = 'dueDate' | 'status' | 'title' | 'createdAt';

export function listActionRows(db: Db, { filters, sort, window }: ListRequest<ActionFilters, ActionSort>) {
  const order =
    sort.field === 'title' ? lowerCase('corrective_actions.title') : sql.ref(`corrective_actions.${sort.field}`);
  return countedRows(filteredActions(db, filters), (query) =>
    actionsWithLabels(db, filters.todays)
      .where('corrective_actions.id', 'in', query.select('corrective_actions.id'))
      .orderBy(order, sort.direction)
      .orderBy('corrective_actions.id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  );
}

/** The evidence documents of each action, by action id. */
export async function findDocumentIdsOf(db: Db, actionIds: readonly string[]): Promise<Map<string, string[]>> {
  const byAction = new Map<string, string[]>();
  if (actionIds.length === 0) return byAction;
  const rows = await db
    .selectFrom('corrective_action_documents')
    .select(['actionId', 'documentId'])
    .where('actionId', 'in', actionIds)
    .orderBy('createdAt')
    .orderBy('documentId')
    .execute();
  for (const row of rows) byAction.set(row.actionId, [...(byAction.get(row.actionId) ?? []), row.documentId]);
  return byAction;
}

/** Attaches evidence documents to an action (a document attached already stays once). */
export async function insertActionDocuments(db: Db, actionId: string, documentIds: string[], now: string) {
  if (documentIds.length === 0) return;
  await db
    .insertInto('corrective_action_documents')
    .values(documentIds.map((documentId) => ({ actionId, documentId, createdAt: now })))
    .onConflict((conflict) => conflict.columns(['actionId', 'documentId']).doNothing())
    .execute();
}

/** The facility of each of these documents that is not archived (to check evidence lies at the finding's facility). */
export function findLiveDocumentFacilities(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('documents')
    .select(['id', 'facilityId'])
    .where('id', 'in', ids)
    .where('archivedAt', 'is', null)
    .execute();
}

/** A finding's actions as rows (for the lifecycle's rules). */
export function findActionRowsOfFinding(db: Db, findingId: string): Promise<CorrectiveActionRow[]> {
  return db.selectFrom('corrective_actions').selectAll().where('findingId', '=', findingId).execute();
}
