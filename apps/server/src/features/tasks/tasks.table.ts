import type { Generated, Selectable } from 'kysely';
import type { TaskCategory, TaskFrequency, TaskStatus, Timeliness } from '@rtms/shared/enums';
import type { TimestampColumns } from '../../db/columns';

/**
 * One occurrence of a requirement at a facility. Unique per (bindingId, sequence). `touched` = 1 once a
 * person changed it in any way (completion, reopening, comment, evidence, reschedule, assignment, not
 * applicable): requirement edits leave touched tasks alone.
 */
export interface TasksTable extends TimestampColumns {
  id: string;
  requirementId: string;
  bindingId: string;
  facilityId: string;
  sequence: number;
  title: string;
  category: TaskCategory;
  frequency: TaskFrequency;
  periodLabel: string;
  scheduledDueDate: string;
  dueDate: string;
  rescheduleReason: string | null;
  /** The holiday on the scheduled due date that the business-day shift moved the task off (migration 0060). */
  shiftHoliday: string | null;
  status: TaskStatus;
  notApplicableReason: string | null;
  timeliness: Timeliness | null;
  assigneeId: string | null;
  completedAt: string | null;
  completedOn: string | null;
  completedBy: string | null;
  completionNote: string | null;
  touched: number;
  /** 1 while a completion waits for a reviewer's signature (migration 0210): the state is PENDING_REVIEW. */
  awaitingReview: Generated<number>;
}

export interface TaskCommentsTable extends TimestampColumns {
  id: string;
  taskId: string;
  authorId: string | null;
  body: string;
}

/** A row per facility: its revision grows with every change to the facility's tasks (triggers, migration 0090). */
export interface TaskFacilityRevisionsTable {
  facilityId: string;
  revision: number;
}

export type TaskRow = Selectable<TasksTable>;
export type TaskCommentRow = Selectable<TaskCommentsTable>;
