import type { Kysely } from 'kysely';
import { compiledOnce } from './compiled-once';
import type { Database } from './schema';

/**
 * One scalar subquery per counter, not a join of the four one-row tables: SQLite 3.54 (better-sqlite3 13) runs a
 * join of even one-row tables several times slower than 3.53 did — this read, made by every list request,
 * took 10.6 µs as a join and takes 3.9 µs so (bench/compare.ts measured the cached pages' CPU +55 % on SQLite).
 */
const listRevisions = compiledOnce((db) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('tasks_revision').select('revision').where('id', '=', 1).as('tasks'),
    eb.selectFrom('labels_revision').select('revision').where('id', '=', 1).as('labels'),
    eb.selectFrom('documents_revision').select('revision').where('id', '=', 1).as('documents'),
    eb.selectFrom('findings_revision').select('revision').where('id', '=', 1).as('findings'),
  ]),
);

/**
 * The revisions a list answer is kept by (platform/answer-cache.ts), in one statement: the tasks'
 * (bumped with every write to a task), the labels' (every write to the records that label list rows,
 * migration 0170), the documents' (every write to documents and their tags, migration 0101) and the findings'
 * (every write to what the reports' open findings count reads, migration 0271).
 */
export async function findListRevisions(
  db: Kysely<Database>,
): Promise<{ tasks: number; labels: number; documents: number; findings: number }> {
  const [row] = (await listRevisions(db, [1, 1, 1, 1])).rows;
  return {
    tasks: Number(row?.tasks ?? 0),
    labels: Number(row?.labels ?? 0),
    documents: Number(row?.documents ?? 0),
    findings: Number(row?.findings ?? 0),
  };
}
