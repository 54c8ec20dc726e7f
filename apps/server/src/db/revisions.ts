import type { Kysely } from 'kysely';
import { compiledOnce } from './compiled-once';
import type { Database } from './schema';

const listRevisions = compiledOnce((db) =>
  db
    .selectFrom('tasks_revision')
    .innerJoin('labels_revision', 'labels_revision.id', 'tasks_revision.id')
    .innerJoin('documents_revision', 'documents_revision.id', 'tasks_revision.id')
    .innerJoin('findings_revision', 'findings_revision.id', 'tasks_revision.id')
    .select([
      'tasks_revision.revision as tasks',
      'labels_revision.revision as labels',
      'documents_revision.revision as documents',
      'findings_revision.revision as findings',
    ])
    .where('tasks_revision.id', '=', 1),
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
  const [row] = (await listRevisions(db, [1])).rows;
  return {
    tasks: Number(row?.tasks ?? 0),
    labels: Number(row?.labels ?? 0),
    documents: Number(row?.documents ?? 0),
    findings: Number(row?.findings ?? 0),
  };
}
