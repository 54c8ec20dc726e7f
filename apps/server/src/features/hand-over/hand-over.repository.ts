import { countRows } from '../../db/count-rows';
import type { Db } from '../../db/schema';

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
    countRows(db.selectFrom('tasks').where('assigneeId', '=', userId).where('status', '=', 'INCOMPLETE')),
    countRows(db.selectFrom('requirements').where('defaultAssigneeId', '=', userId)),
    countRows(db.selectFrom('requirement_facilities').where('assigneeId', '=', userId)),
  ]);
  return { tasks, requirements, bindings };
}
