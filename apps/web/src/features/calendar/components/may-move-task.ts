import type { Role } from '@rtms/shared/enums';
import { can } from '@rtms/shared/permissions';
import type { Task } from '@rtms/shared/schemas/tasks';
import type { TaskState } from '@rtms/shared/task-state';

/** The states of work still to do: only these may be moved to another day. */
const MOVABLE: ReadonlySet<TaskState> = new Set(['UPCOMING', 'OPEN', 'DUE_SOON', 'OVERDUE']);

/** Whether `role` may drag `task` to another day: those who may reschedule (`task:assign`), open tasks only. */
export function mayMoveTask(role: Role, task: Pick<Task, 'state'>): boolean {
  return can(role, 'task:assign') && MOVABLE.has(task.state);
}
