import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

async function countOf(query: { executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }> }) {
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/**
 * What a hand-over of `userId` would move, counted with the same conditions as the reassignments
 * (tasks.repository reassignOpenTasks, requirements.repository reassignRequirementDefaults and
 * reassignBindingAssignees), so the confirmation shows the numbers the hand-over then reports.
 */
export async function countHandOverOf(
  db: Db,
  userId: string,
): Promise<{ tasks: number; requirements: number; bindings: number }> {
  const [tasks, requirements, bindings] = await Promise.all([
    countOf(
      db
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('assigneeId', '=', userId)
        .where('status', '=', 'INCOMPLETE'),
    ),
    countOf(
      db
        .selectFrom('requirements')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('defaultAssigneeId', '=', userId),
    ),
    countOf(
      db
        .selectFrom('requirement_facilities')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('assigneeId', '=', userId),
    ),
  ]);
  return { tasks, requirements, bindings };
}
