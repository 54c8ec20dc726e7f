import { z } from 'zod';
import { SCHEDULE_MODES, TASK_CATEGORIES, TASK_FREQUENCIES, TASK_STATUSES, TIMELINESS } from '../enums';
import { auditChangesSchema } from './audit';
import {
  booleanQuery,
  calendarDateSchema,
  dataOf,
  idSchema,
  instantSchema,
  listQuerySchema,
  optionalText,
  pageMetaSchema,
  recordSchema,
  requiredText,
  sortsOf,
} from './common';
import { DUE_SOON_WITHIN_DAYS, TASK_STATES } from '../task-state';

/** A task is "due soon" when it is open and due within this many days (today included). */
export const DUE_SOON_DAYS = DUE_SOON_WITHIN_DAYS;
/** Most tasks one bulk action may change. */
export const MAX_BULK_TASKS = 500;

/**
 * One occurrence of a requirement at one facility. `scheduledDueDate` is the date the rule gives,
 * `dueDate` the effective one (weekend-shifted, or rescheduled with `rescheduleReason`). `overdue` and
 * `dueSoon` are derived from today in the facility's time zone, never stored; `timeliness` is recorded
 * at completion.
 */
export const taskSchema = recordSchema({
  requirementId: idSchema,
  facilityId: idSchema,
  facilityName: z.string(),
  requirementTitle: z.string(),
  sequence: z.number().int(),
  title: z.string(),
  category: z.enum(TASK_CATEGORIES),
  frequency: z.enum(TASK_FREQUENCIES),
  periodLabel: z.string(),
  scheduledDueDate: z.string(),
  dueDate: z.string(),
  rescheduleReason: z.string().nullable(),
  /**
   * Why `dueDate` is not the rule's date when the business-day shift moved it: off a weekend day or off
   * the facility's holiday `holidayName` ("4 July 2027 is Independence Day"). Null when the task is due
   * on its scheduled day, or when a person rescheduled it (`rescheduleReason` says why).
   */
  dueDateShift: z
    .object({
      scheduledDueDate: z.string(),
      reason: z.enum(['WEEKEND', 'HOLIDAY']),
      holidayName: z.string().nullable(),
    })
    .nullable(),
  status: z.enum(TASK_STATUSES),
  notApplicableReason: z.string().nullable(),
  timeliness: z.enum(TIMELINESS).nullable(),
  overdue: z.boolean(),
  dueSoon: z.boolean(),
  /** The derived state (task-state.ts) on today in the facility's time zone. */
  state: z.enum(TASK_STATES),
  assigneeId: idSchema.nullable(),
  assigneeName: z.string().nullable(),
  completedAt: instantSchema.nullable(),
  /** The facility's calendar date the task was completed on (timeliness is judged on it). */
  completedOn: z.string().nullable(),
  completedBy: idSchema.nullable(),
  completedByName: z.string().nullable(),
  completionNote: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskCommentSchema = recordSchema({
  taskId: idSchema,
  body: z.string(),
  authorId: idSchema.nullable(),
  authorName: z.string().nullable(),
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

/**
 * One entry of a task's history, from the audit trail: the task's own events (completion, reopening,
 * assignment, reschedule, comments) and those of its evidence documents (added, new version, removed,
 * restored), which carry `documentId` and `documentTitle`.
 */
export const taskHistoryEntrySchema = z.object({
  _id: idSchema,
  at: instantSchema,
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** The actor's name when the event was written (null in older events). */
  actorName: z.string().nullable(),
  action: z.string(),
  entityType: z.enum(['TASK', 'DOCUMENT']),
  documentId: idSchema.nullable(),
  documentTitle: z.string().nullable(),
  changes: auditChangesSchema,
});
export type TaskHistoryEntry = z.infer<typeof taskHistoryEntrySchema>;

/** What the requirement tells the person doing the task (the requirement form promises it is shown here). */
export const taskInstructionsSchema = z.object({
  description: z.string().nullable(),
  citation: z.string().nullable(),
  permitNumber: z.string().nullable(),
  regulationId: idSchema.nullable(),
  regulationTitle: z.string().nullable(),
  regulationCitation: z.string().nullable(),
});
export type TaskInstructions = z.infer<typeof taskInstructionsSchema>;

/** GET /api/tasks/:id: the task with what the detail screen needs (windows, evidence gate, comments, history). */
export const taskDetailSchema = taskSchema.extend({
  instructions: taskInstructionsSchema,
  timeZone: z.string(),
  scheduleMode: z.enum(SCHEDULE_MODES),
  leadTimeDays: z.number().int(),
  graceDays: z.number().int(),
  /** The day the task opens (lead time before the due date). */
  opensOn: z.string(),
  /** The last day a completion counts as LATE rather than MISSED. */
  graceEndsOn: z.string(),
  evidenceRequired: z.boolean(),
  minEvidence: z.number().int(),
  evidenceCount: z.number().int(),
  comments: z.array(taskCommentSchema),
  history: z.array(taskHistoryEntrySchema),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const TASK_SORTS = sortsOf('dueDate', 'title', 'facility', 'status', 'completedAt', 'updatedAt');
export type TaskSort = (typeof TASK_SORTS)[number];

/**
 * One or several task states: `state=OPEN&state=DUE_SOON` or `state=OPEN,DUE_SOON`. Duplicates are
 * dropped and the values sorted, so that the same filter always reads (and caches) the same way.
 */
export const taskStatesQuerySchema = z
  .preprocess(
    (value) =>
      (Array.isArray(value) ? value : [value]).flatMap((item) => (typeof item === 'string' ? item.split(',') : [item])),
    z
      .array(z.enum(TASK_STATES, { message: `Use one or more of ${TASK_STATES.join(', ')}` }))
      .min(1)
      .max(TASK_STATES.length * 2),
  )
  .transform((states) => [...new Set(states)].sort())
  .optional();

/**
 * GET /api/tasks: the tasks of the facilities in the caller's scope. `overdue` and `dueSoon` are judged
 * against today in each facility's time zone. `search` matches the requirement (title, citation,
 * permit number, description) and the facility (name, code). `assigneeId=none` lists unassigned tasks.
 * `cursor` (from `meta.nextCursor`) continues after the previous page without counting skipped rows;
 * it is available for the dueDate, title and status sorts. `timeliness` is the one recorded at completion;
 * `completedFrom`/`completedTo` bound the completion day (the facility's calendar), inclusive.
 */
export const taskListQuerySchema = listQuerySchema(TASK_SORTS, {
  facilityId: idSchema.optional(),
  requirementId: idSchema.optional(),
  /** Tasks of the requirements of this program area (`none`: of requirements without one). */
  programAreaId: idSchema.optional(),
  /** Tasks of the requirements under this regulation (`none`: of requirements without one). */
  regulationId: idSchema.optional(),
  category: z.enum(TASK_CATEGORIES).optional(),
  frequency: z.enum(TASK_FREQUENCIES).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  overdue: booleanQuery.optional(),
  dueSoon: booleanQuery.optional(),
  state: taskStatesQuerySchema,
  assigneeId: idSchema.optional(),
  dueFrom: calendarDateSchema.optional(),
  dueTo: calendarDateSchema.optional(),
  timeliness: z.enum(TIMELINESS).optional(),
  completedFrom: calendarDateSchema.optional(),
  completedTo: calendarDateSchema.optional(),
  /**
   * Tasks overdue at the end of this day: due before it, applicable, and not completed by its end (still to
   * do, or completed later). The reports' "overdue at month end".
   */
  overdueOn: calendarDateSchema.optional(),
  cursor: z.string().max(500).optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

export const taskPageMetaSchema = pageMetaSchema.extend({
  /** Pass as `cursor` to read the next page; null on the last page (or for a sort without cursors). */
  nextCursor: z.string().nullable(),
});
export const taskPageSchema = z.object({ data: z.array(taskSchema), meta: taskPageMetaSchema });
export type TaskPage = z.infer<typeof taskPageSchema>;

/**
 * PATCH /api/tasks/:id. A new `dueDate` needs a `rescheduleReason`; `notApplicableReason` marks the
 * task not applicable (null clears it). Any change marks the task as touched: requirement edits then
 * leave it alone.
 */
export const updateTaskBodySchema = z
  .object({
    assigneeId: idSchema.nullable().optional(),
    dueDate: calendarDateSchema.optional(),
    rescheduleReason: optionalText(1000, 'Reason'),
    notApplicableReason: optionalText(1000, 'Reason'),
  })
  .strict();
export type UpdateTaskBody = z.input<typeof updateTaskBodySchema>;

/** POST /api/tasks/:id/complete. `completedOn` defaults to today in the facility's time zone and cannot be in the future. */
export const completeTaskBodySchema = z
  .object({
    completionNote: optionalText(5000, 'Completion note'),
    completedOn: calendarDateSchema.optional(),
  })
  .strict();
export type CompleteTaskBody = z.input<typeof completeTaskBodySchema>;

/** POST /api/tasks/:id/reopen */
export const reopenTaskBodySchema = z.object({ reason: optionalText(1000, 'Reason') }).strict();

/** POST /api/tasks/:id/comments */
export const createTaskCommentBodySchema = z
  .object({
    body: requiredText(5000, 'Please write a comment', 'A comment'),
  })
  .strict();

export const TASK_BULK_ACTIONS = ['complete', 'assign'] as const;

/** POST /api/tasks/bulk: all or nothing; every id must be a task in the caller's scope. */
export const bulkTaskBodySchema = z
  .object({
    ids: z
      .array(idSchema)
      .min(1, 'Choose at least one task')
      .max(MAX_BULK_TASKS, `At most ${MAX_BULK_TASKS} tasks at once`)
      .transform((ids) => [...new Set(ids)]),
    action: z.enum(TASK_BULK_ACTIONS, { message: 'Action must be complete or assign' }),
    assigneeId: idSchema.nullable().optional(),
    completionNote: optionalText(5000, 'Completion note'),
    completedOn: calendarDateSchema.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.action === 'assign' && body.assigneeId === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['assigneeId'],
        message: 'Choose the user to assign (or null to unassign)',
      });
    }
  });
export type BulkTaskBody = z.input<typeof bulkTaskBodySchema>;

export const taskResponseSchema = dataOf(taskSchema);
export const taskDetailResponseSchema = dataOf(taskDetailSchema);
export const taskCommentResponseSchema = dataOf(taskCommentSchema);
export const bulkTaskResponseSchema = dataOf(
  z.object({ action: z.enum(TASK_BULK_ACTIONS), updated: z.number().int() }),
);

/** POST /api/users/:id/hand-over: every open task and default assignment of the user goes to `toUserId`. */
export const handOverBodySchema = z.object({ toUserId: idSchema }).strict();
export const handOverResultSchema = z.object({
  fromUserId: idSchema,
  toUserId: idSchema,
  /** Open tasks reassigned. */
  tasks: z.number().int(),
  /** Requirements whose default assignee changed. */
  requirements: z.number().int(),
  /** Facility bindings whose assignee changed. */
  bindings: z.number().int(),
});
export type HandOverResult = z.infer<typeof handOverResultSchema>;
export const handOverResponseSchema = dataOf(handOverResultSchema);
/** GET /api/users/:id/hand-over: what a hand-over of this user would move, shown before confirming. */
export const handOverPreviewSchema = handOverResultSchema.omit({ toUserId: true });
export type HandOverPreview = z.infer<typeof handOverPreviewSchema>;
export const handOverPreviewResponseSchema = dataOf(handOverPreviewSchema);
