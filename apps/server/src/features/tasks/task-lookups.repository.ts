import { sql, type SqlBool } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/schema';
import { nothing } from '../../platform/list-query';
import { tasksWithRequirements } from './tasks.repository';

/** What the list and the detail page look up beside the tasks: zones, search matches, instructions, evidence. */

/** The time zone of each facility among `ids` (all facilities when undefined). */
export function findFacilityZones(db: Db, ids?: readonly string[]) {
  let query = db.selectFrom('facilities').select(['id', 'timeZone']);
  if (ids) query = ids.length ? query.where('id', 'in', ids) : query.where(nothing);
  return query.execute();
}

/** Ids of the requirements or facilities whose folded search text contains `pattern` (a LIKE pattern). */
export async function findIdsMatching(
  db: Db,
  table: 'requirements' | 'facilities',
  pattern: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where(sql<SqlBool>`${sql.ref('searchText')} like ${pattern} escape '\\'`)
    .execute();
  return rows.map((row) => row.id);
}

/** Moves with every change of a requirement's or facility's search text (triggers of migration 0140). */
const searchTextsRevision = compiledOnce((db) =>
  db.selectFrom('search_texts_revision').select('revision').where('id', '=', 1),
);
export async function findSearchTextsRevision(db: Db): Promise<number> {
  const [row] = (await searchTextsRevision(db, [1])).rows;
  return Number(row?.revision ?? 0);
}

/** What the requirement tells the person doing a task: its description, citation, regulation and permit. */
export function findTaskInstructions(db: Db, taskId: string) {
  return tasksWithRequirements(db)
    .leftJoin('regulations', 'regulations.id', 'requirements.regulationId')
    .select([
      'requirements.description',
      'requirements.citation',
      'requirements.permitNumber',
      'requirements.regulationId',
      'regulations.title as regulationTitle',
      'regulations.citation as regulationCitation',
    ])
    .where('tasks.id', '=', taskId)
    .executeTakeFirst();
}

/** Every evidence document of a task, archived ones included (their events belong to its history). */
export function findEvidenceDocumentsOfTask(db: Db, taskId: string): Promise<{ id: string; title: string }[]> {
  return db.selectFrom('documents').select(['id', 'title']).where('taskId', '=', taskId).execute();
}
