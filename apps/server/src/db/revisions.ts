import type { ExpressionBuilder, Kysely } from 'kysely';
import { compiledOnce } from './compiled-once';
import type { Database } from './schema';
import { writeEpochOf } from './write-epoch';

/**
 * The revisions a list answer is kept by (platform/answer-cache.ts): the tasks' (bumped with every write to a task),
 * the labels' (every write to the records that label list rows, migration 0170), the documents' (every write to
 * documents and their tags, migration 0101) and the findings' (every write to what the reports' open findings count
 * reads, migration 0271).
 */
export interface ListRevisions {
  tasks: number;
  labels: number;
  documents: number;
  findings: number;
}

/** List revisions read beside a request's session, and the write epoch of the process before that read. */
export interface NotedRevisions {
  revisions: ListRevisions;
  epoch: number | undefined;
}

/**
 * The four counters as scalar subqueries by key, for a statement that reads them beside something else (a request's
 * session: sessions.repository.ts). Scalar subqueries rather than a join of the one-row tables: SQLite 3.54 plans a
 * join again on every run when a bound value is compared with a column (decision 045's follow-up).
 */
export function listRevisionColumns<TB extends keyof Database>(eb: ExpressionBuilder<Database, TB>) {
  // The subqueries name no table of the outer statement; seen from none, their columns are unambiguous.
  const outside = eb as unknown as ExpressionBuilder<Database, never>;
  const of = (table: 'tasks_revision' | 'labels_revision' | 'documents_revision' | 'findings_revision') =>
    outside.selectFrom(table).select('revision').where('id', '=', 1);
  return [
    of('tasks_revision').as('tasksRevision'),
    of('labels_revision').as('labelsRevision'),
    of('documents_revision').as('documentsRevision'),
    of('findings_revision').as('findingsRevision'),
  ];
}

/** The columns `listRevisionColumns` reads, as the list revisions. */
export function listRevisionsOf(row: {
  tasksRevision: unknown;
  labelsRevision: unknown;
  documentsRevision: unknown;
  findingsRevision: unknown;
}): ListRevisions {
  return {
    tasks: Number(row.tasksRevision ?? 0),
    labels: Number(row.labelsRevision ?? 0),
    documents: Number(row.documentsRevision ?? 0),
    findings: Number(row.findingsRevision ?? 0),
  };
}

const listRevisions = compiledOnce((db) => db.selectNoFrom((eb) => listRevisionColumns(eb)));

/**
 * The list revisions now: `noted` (read beside the request's session) while nothing has been written through this
 * database handle since it was read, else read again. A request's own writes, and any other request's, move the
 * write epoch (write-epoch.ts); a write by another process or instance after the request began is one the request
 * may or may not see, as any read concurrent with it.
 */
export async function findListRevisions(db: Kysely<Database>, noted?: NotedRevisions): Promise<ListRevisions> {
  if (noted && noted.epoch !== undefined && noted.epoch === writeEpochOf(db)) return noted.revisions;
  const [row] = (await listRevisions(db, [1, 1, 1, 1])).rows;
  return listRevisionsOf(row ?? { tasksRevision: 0, labelsRevision: 0, documentsRevision: 0, findingsRevision: 0 });
}
