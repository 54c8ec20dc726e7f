import { PostgresAdapter, sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DocumentKind } from '@rtms/shared/enums';
import type { Db, NewRow, RowUpdate } from '../../db/schema';
import { userNameColumnsAs } from '../../db/columns';
import { findRow, insertRow, updateRows } from '../../db/rows';
import {
  nothing,
  whereEqual,
  whereSearchMatches,
  type SortSpec,
  sortExpression,
  lowerCase,
  emptyLast,
} from '../../platform/list-query';
import { likePattern } from '../../platform/search-text';
import type { DocumentRow, DocumentVersionRow } from './documents.table';
import { countRows } from '../../db/count-rows';
import { compiledByKey } from '../../db/compiled-once';

/** SQLite allows a limited number of bound parameters per statement: lists of ids are chunked. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export function findDocumentById(db: Db, id: string): Promise<DocumentRow | undefined> {
  return findRow(db, 'documents', { id });
}

/** The revision of documents and their tags (see migrations 0101 and 0180: kept by triggers): cached list totals are valid while it holds. */
export async function findDocumentsRevision(db: Db): Promise<number> {
  const row = await db.selectFrom('documents_revision').select('revision').where('id', '=', 1).executeTakeFirst();
  return Number(row?.revision ?? 0);
}

export async function insertDocument(db: Db, row: NewRow<'documents'>): Promise<void> {
  await insertRow(db, 'documents', row);
}

export async function updateDocument(db: Db, id: string, changes: RowUpdate<'documents'>): Promise<void> {
  await updateRows(db, 'documents', { id }, changes);
}

/** Removes a document with its versions and tags (the stored files are the caller's business). */
export async function deleteDocument(db: Db, id: string): Promise<void> {
  await db.deleteFrom('document_tags').where('documentId', '=', id).execute();
  await db.deleteFrom('document_versions').where('documentId', '=', id).execute();
  await db.deleteFrom('documents').where('id', '=', id).execute();
}

export async function insertDocumentVersion(db: Db, row: NewRow<'document_versions'>): Promise<void> {
  await insertRow(db, 'document_versions', row);
}

/** Every version of a document, newest first, with the uploader's name. */
export function findVersionsOfDocument(db: Db, documentId: string) {
  return db
    .selectFrom('document_versions')
    .leftJoin('users', 'users.id', 'document_versions.uploadedBy')
    .selectAll('document_versions')
    .select(userNameColumnsAs('users', 'uploader'))
    .where('document_versions.documentId', '=', documentId)
    .orderBy('document_versions.version', 'desc')
    .execute();
}

export type DocumentVersionView = Awaited<ReturnType<typeof findVersionsOfDocument>>[number];

export function findVersionOfDocument(
  db: Db,
  documentId: string,
  version: number,
): Promise<DocumentVersionRow | undefined> {
  return findRow(db, 'document_versions', { documentId, version });
}

/** The storage keys of every version of a document. */
export async function findStorageKeysOfDocument(db: Db, documentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('document_versions')
    .select('storageKey')
    .where('documentId', '=', documentId)
    .execute();
  return rows.map((row) => row.storageKey);
}

/** Makes the document's tags exactly `tags` (in this order). */
export async function replaceDocumentTags(db: Db, documentId: string, tags: string[]): Promise<void> {
  await db.deleteFrom('document_tags').where('documentId', '=', documentId).execute();
  if (tags.length === 0) return;
  await db
    .insertInto('document_tags')
    .values(tags.map((tag, position) => ({ documentId, tag, tagKey: tag.toLowerCase(), position })))
    .execute();
}

/** The tags of each document, in their order. */
export async function findTagsOfDocuments(db: Db, documentIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(documentIds.map((id) => [id, []]));
  for (const ids of chunks(documentIds)) {
    const rows = await db
      .selectFrom('document_tags')
      .select(['documentId', 'tag'])
      .where('documentId', 'in', ids)
      .orderBy('documentId')
      .orderBy('position')
      .execute();
    for (const row of rows) map.get(row.documentId)?.push(row.tag);
  }
  return map;
}

export interface DocumentFilters {
  kind?: DocumentKind;
  /** true: only archived; false: only active; undefined: both. */
  archived?: boolean;
  taskId?: string;
  requirementId?: string;
  facilityId?: string;
  programAreaId?: string;
  regulationId?: string;
  uploadedBy?: string;
  tag?: string;
  legalHold?: boolean;
  search?: string;
  /**
   * The caller's facilities; undefined = every document. Facility roles see documents of their
   * facilities and company-wide library documents (no facility).
   */
  facilityIds?: string[];
  ids?: string[];
}

export type DocumentSortField =
  | 'title'
  | 'fileName'
  | 'size'
  | 'version'
  | 'evidenceDate'
  | 'facilityName'
  | 'taskDueDate'
  | 'retainUntil'
  | 'archivedAt'
  | 'createdAt'
  | 'updatedAt';

/** The documents that a scope (`facilityIds`) lets a caller see. */
function inDocumentScope(facilityIds: string[] | undefined): ReturnType<typeof sql<SqlBool>> | undefined {
  if (!facilityIds) return undefined;
  const companyWide = sql<SqlBool>`(${sql.ref('documents.facilityId')} is null and ${sql.ref('documents.kind')} = 'LIBRARY')`;
  if (facilityIds.length === 0) return companyWide;
  return sql<SqlBool>`(${sql.ref('documents.facilityId')} in (${sql.join(facilityIds)}) or ${companyWide})`;
}

const ACTIVE = sql<SqlBool>`coalesce(${sql.ref('documents.archivedAt')}, '') = ''`;

/**
 * The documents the filters keep, from the documents table alone: the count reads no other table and the
 * page joins its labels only for the rows it returns (decision 027).
 */
function filtered(db: Db, filters: DocumentFilters) {
  let query = db.selectFrom('documents');
  if (filters.kind) query = query.where('documents.kind', '=', filters.kind);
  if (filters.archived === true) query = query.where('documents.archivedAt', 'is not', null);
  // Spelled as the expression the index of active documents is built on (migration 0100, decision 027):
  // `archived_at is null` let SQLite skip-scan another index whose statistics say "few rows".
  if (filters.archived === false) query = query.where(ACTIVE);
  if (filters.taskId) query = query.where('documents.taskId', '=', filters.taskId);
  if (filters.requirementId) {
    const requirementId = filters.requirementId;
    query = query.where('documents.taskId', 'in', (eb) =>
      eb.selectFrom('tasks').select('tasks.id').where('tasks.requirementId', '=', requirementId),
    );
  }
  query = whereEqual(query, {
    'documents.facilityId': filters.facilityId,
    'documents.programAreaId': filters.programAreaId,
    'documents.regulationId': filters.regulationId,
    'documents.uploadedBy': filters.uploadedBy,
  });
  if (filters.legalHold !== undefined) query = query.where('documents.legalHold', '=', filters.legalHold ? 1 : 0);
  if (filters.tag) {
    const tagKey = filters.tag.toLowerCase();
    query = query.where('documents.id', 'in', (eb) =>
      eb.selectFrom('document_tags').select('document_tags.documentId').where('document_tags.tagKey', '=', tagKey),
    );
  }
  if (filters.ids) query = filters.ids.length ? query.where('documents.id', 'in', filters.ids) : query.where(nothing);
  const scope = inDocumentScope(filters.facilityIds);
  if (scope) query = query.where(scope);
  return whereSearchMatches(query, 'documents.searchText', filters.search);
}

export async function countDocuments(db: Db, filters: DocumentFilters): Promise<number> {
  return countRows(filtered(db, filters));
}

/** The documents of `query` with the labels lists show. */
function withLabels(query: ReturnType<typeof filtered>) {
  return query
    .leftJoin('facilities', 'facilities.id', 'documents.facilityId')
    .leftJoin('program_areas', 'program_areas.id', 'documents.programAreaId')
    .leftJoin('regulations', 'regulations.id', 'documents.regulationId')
    .leftJoin('users as uploader', 'uploader.id', 'documents.uploadedBy')
    .leftJoin('users as archiver', 'archiver.id', 'documents.archivedBy')
    .leftJoin('tasks', 'tasks.id', 'documents.taskId')
    .leftJoin('requirements', 'requirements.id', 'tasks.requirementId')
    .selectAll('documents')
    .select([
      'facilities.name as facilityName',
      'program_areas.name as programAreaName',
      'regulations.title as regulationTitle',
      ...userNameColumnsAs('uploader', 'uploader'),
      ...userNameColumnsAs('archiver', 'archiver'),
      'tasks.title as taskTitle',
      'tasks.dueDate as taskDueDate',
      'tasks.requirementId as requirementId',
      'requirements.title as requirementTitle',
    ]);
}

const NULLABLE_SORT_FIELDS: ReadonlySet<DocumentSortField> = new Set([
  'evidenceDate',
  'facilityName',
  'taskDueDate',
  'retainUntil',
  'archivedAt',
]);

/** The ORDER BY of a page: the sort, then newest first, then the id. */
function orderTerms(filters: DocumentFilters, sort: SortSpec<DocumentSortField>) {
  const order = sortExpression(
    sort.field,
    {
      title: lowerCase('documents.title'),
      fileName: lowerCase('documents.fileName'),
      facilityName: sql.ref('facilities.nameKey'),
      taskDueDate: sql.ref('tasks.dueDate'),
    },
    'documents',
  );
  const terms: [RawBuilder<unknown>, 'asc' | 'desc'][] = [];
  // Empty values last in either direction, on both databases (they disagree by default). Only for the
  // columns that can be empty: on the others that key would keep an index from giving the order.
  const archivedOnly = sort.field === 'archivedAt' && filters.archived === true;
  if (NULLABLE_SORT_FIELDS.has(sort.field) && !archivedOnly) {
    terms.push([emptyLast(order), 'asc']);
  }
  terms.push([order, sort.direction]);
  // Newest first among equals; by creation date, the id follows the sort's direction so that the
  // index of active documents on (created_at, id) gives a page read forwards or backwards.
  if (sort.field !== 'createdAt') terms.push([sql.ref('documents.createdAt'), 'desc']);
  terms.push([sql.ref('documents.id'), sort.field === 'createdAt' ? sort.direction : 'asc']);
  return terms;
}

/** A page of the list: rows to skip, after the row with these sort-key values when `after` is given. */
export interface DocumentPageWindow {
  limit: number;
  offset: number;
  /** The creation instant and id of the row the page follows (see findDocumentPageBoundaries). */
  after?: string[];
}

/**
 * Whether a deep page of this order can seek from a boundary: by creation date, where the id follows the
 * sort's direction, so that `(created_at, id)` compared as a row is a range of the index on them.
 */
export function seeksFromBoundaries(sort: SortSpec<DocumentSortField>): boolean {
  return sort.field === 'createdAt';
}

/**
 * The creation instant and id of every `every`-th row of the filtered list sorted by creation date (rows
 * every, 2·every, …): where a deep page can seek instead of skipping every entry before it. One pass over
 * the index; the caller keeps the result while the documents revision holds.
 */
export async function findDocumentPageBoundaries(
  db: Db,
  filters: DocumentFilters,
  sort: SortSpec<DocumentSortField>,
  every: number,
): Promise<string[][]> {
  const direction = sort.direction === 'asc' ? sql.raw('asc') : sql.raw('desc');
  const numbered = filtered(db, filters).select([
    'documents.createdAt as k0',
    'documents.id as k1',
    sql<number>`row_number() over (order by ${sql.ref('documents.createdAt')} ${direction}, ${sql.ref('documents.id')} ${direction})`.as(
      'rn',
    ),
  ]);
  const rows = await db
    .selectFrom(numbered.as('numbered'))
    .select(['numbered.k0', 'numbered.k1'])
    .where(sql<SqlBool>`${sql.ref('numbered.rn')} % ${every} = 0`)
    .orderBy('numbered.rn')
    .execute();
  return rows.map((row) => [String(row.k0), String(row.k1)]);
}

/** Page statements compiled once per filters, order and window (the same pages are asked for again and again). */
const pageStatements = compiledByKey(200);

/**
 * One page of documents with the labels lists show (facility, program area, regulation, task,
 * requirement, people). Sorted by a column of the documents table, the page's ids are found first from
 * that table alone (a deep page skips index entries, not joined rows) and only those rows are joined.
 */
export async function listDocuments(
  db: Db,
  filters: DocumentFilters,
  sort: SortSpec<DocumentSortField>,
  window: DocumentPageWindow,
) {
  const statement = pageStatements(db, JSON.stringify([filters, sort, window]), () => {
    const terms = orderTerms(filters, sort);
    let query;
    if (sort.field === 'facilityName' || sort.field === 'taskDueDate') {
      query = withLabels(filtered(db, filters)).limit(window.limit).offset(window.offset);
    } else {
      let ids = filtered(db, filters).select('documents.id');
      if (window.after) {
        const comparison = sort.direction === 'asc' ? sql.raw('>') : sql.raw('<');
        const keys = [sql.ref('documents.createdAt'), sql.ref('documents.id')];
        ids = ids.where(sql<SqlBool>`(${sql.join(keys)}) ${comparison} (${sql.join(window.after)})`);
      }
      for (const [term, direction] of terms) ids = ids.orderBy(term, direction);
      const page = ids.limit(window.limit).offset(window.offset);
      // The filters are not repeated outside: the planner then reads the page's rows by id. On PostgreSQL
      // the ids are an array computed once: as `in (…)`, a ninth relation beside the seven labels, the
      // join was past join_collapse_limit and planned last, after hashing the whole tasks table (1.4 s).
      const inPage =
        db.getExecutor().adapter instanceof PostgresAdapter
          ? sql<SqlBool>`${sql.ref('documents.id')} = any(array(${page}))`
          : sql<SqlBool>`${sql.ref('documents.id')} in (${page})`;
      query = withLabels(db.selectFrom('documents').where(inPage));
    }
    for (const [term, direction] of terms) query = query.orderBy(term, direction);
    return query;
  });
  return (await db.executeQuery(statement)).rows;
}

export type DocumentView = Awaited<ReturnType<typeof listDocuments>>[number];

/** One document with its labels, whatever its scope (the service checks scope). */
export function findDocumentViewById(db: Db, id: string): Promise<DocumentView | undefined> {
  return withLabels(filtered(db, { ids: [id] })).executeTakeFirst();
}

/** Existing tags of the documents a caller sees, most used first, optionally starting with or containing `search`. */
export async function listTagSuggestions(
  db: Db,
  filters: { search?: string; kind?: DocumentKind; facilityIds?: string[] },
  limit: number,
): Promise<{ tag: string; count: number }[]> {
  let query = db.selectFrom('document_tags').innerJoin('documents', 'documents.id', 'document_tags.documentId');
  if (filters.kind) query = query.where('documents.kind', '=', filters.kind);
  const scope = inDocumentScope(filters.facilityIds);
  if (scope) query = query.where(scope);
  if (filters.search) {
    query = query.where(
      sql<SqlBool>`${sql.ref('document_tags.tagKey')} like ${likePattern(filters.search)} escape '\\'`,
    );
  }
  const rows = await query
    .select((eb) => [
      'document_tags.tagKey',
      eb.fn.min('document_tags.tag').as('tag'),
      eb.fn.count<number>('document_tags.documentId').as('count'),
    ])
    .groupBy('document_tags.tagKey')
    .orderBy('count', 'desc')
    .orderBy('document_tags.tagKey')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ tag: String(row.tag), count: Number(row.count) }));
}

/** How many active (not archived) evidence documents each task has. */
export async function countEvidenceOfTasks(db: Db, taskIds: string[]): Promise<Map<string, number>> {
  const map = new Map<string, number>(taskIds.map((id) => [id, 0]));
  for (const ids of chunks(taskIds)) {
    const rows = await db
      .selectFrom('documents')
      .select((eb) => ['documents.taskId', eb.fn.countAll<number>().as('count')])
      .where('documents.kind', '=', 'TASK')
      .where('documents.archivedAt', 'is', null)
      .where('documents.taskId', 'in', ids)
      .groupBy('documents.taskId')
      .execute();
    for (const row of rows) if (row.taskId) map.set(row.taskId, Number(row.count));
  }
  return map;
}

/** The active evidence documents of tasks (current version) with the uploader's name, by evidence date per task. */
export async function findEvidenceOfTasks(db: Db, taskIds: string[]) {
  const out = [];
  for (const ids of chunks(taskIds)) {
    out.push(
      ...(await db
        .selectFrom('documents')
        .leftJoin('users', 'users.id', 'documents.uploadedBy')
        .selectAll('documents')
        .select(userNameColumnsAs('users', 'uploader'))
        .where('documents.kind', '=', 'TASK')
        .where('documents.archivedAt', 'is', null)
        .where('documents.taskId', 'in', ids)
        .orderBy('documents.taskId')
        .orderBy('documents.evidenceDate')
        .orderBy('documents.createdAt')
        .orderBy(sql`lower(${sql.ref('documents.title')})`)
        .orderBy('documents.id')
        .execute()),
    );
  }
  return out;
}
