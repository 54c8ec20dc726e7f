import type { Kysely } from 'kysely';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { displayNameOf } from '@rtms/shared/display-name';
import { graceEndsOn, opensOn } from '@rtms/shared/recurrence';
import type { TaskDetail } from '@rtms/shared/schemas/tasks';
import type { Database } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { orNull } from '../../platform/record-update';
import type { AuditService } from '../audit/audit.service';
import type { EvidenceCounter } from './task-completion';
import { toTask } from './task-view';
import { findCommentsOfTask, type TaskContext } from './tasks.repository';
import { findEvidenceDocumentsOfTask, findTaskInstructions } from './task-lookups.repository';
import { findTaskListRowById } from './task-page.repository';

/** Most history entries a task page shows (the newest). */
const HISTORY_LIMIT = 500;

/**
 * One task as its page shows it: the task, its windows, evidence gate, comments, instructions and
 * history (its own events and its evidence documents'). The caller has checked the scope.
 */
export function createTaskDetailReader(
  db: Kysely<Database>,
  audit: AuditService,
  clock: Clock,
  countEvidence: EvidenceCounter,
): (id: string, context: TaskContext) => Promise<TaskDetail> {
  return async (id, context) => {
    const row = await findTaskListRowById(db, id);
    if (!row) throw notFound('Task');
    const today = todayInTimeZone(row.timeZone, clock());
    const [comments, documents, instructions, evidenceCount] = await Promise.all([
      findCommentsOfTask(db, id),
      findEvidenceDocumentsOfTask(db, id),
      findTaskInstructions(db, id),
      countEvidence(db, id),
    ]);
    const titleOfDocument = new Map(documents.map((document) => [document.id, document.title]));
    const history = await audit.eventsOf(
      [
        { entityType: 'TASK', entityIds: [id] },
        { entityType: 'DOCUMENT', entityIds: [...titleOfDocument.keys()] },
      ],
      HISTORY_LIMIT,
    );
    const leadTimeDays = Number(context.leadTimeDays);
    const graceDays = Number(context.graceDays);
    return {
      ...toTask(row, today),
      timeZone: row.timeZone,
      scheduleMode: context.scheduleMode,
      leadTimeDays,
      graceDays,
      opensOn: opensOn(row.dueDate, leadTimeDays),
      graceEndsOn: graceEndsOn(row.dueDate, graceDays),
      evidenceRequired: Boolean(context.evidenceRequired),
      minEvidence: Number(context.minEvidence),
      evidenceCount,
      comments: comments.map((comment) => ({
        _id: comment.id,
        taskId: comment.taskId,
        body: comment.body,
        authorId: comment.authorId,
        authorName: comment.authorId ? displayNameOf(comment) || comment.email : null,
        createdAt: comment.createdAt,
        updatedAt: comment.updatedAt,
      })),
      instructions: orNull(instructions, [
        'description',
        'citation',
        'permitNumber',
        'regulationId',
        'regulationTitle',
        'regulationCitation',
      ]),
      history: history.map((event) => {
        const isDocument = event.entityType === 'DOCUMENT';
        return {
          _id: event._id,
          at: event.at,
          actorId: event.actorId,
          actorEmail: event.actorEmail,
          actorName: event.actorName,
          action: event.action,
          entityType: isDocument ? ('DOCUMENT' as const) : ('TASK' as const),
          documentId: isDocument ? event.entityId : null,
          documentTitle: isDocument ? (event.entityName ?? titleOfDocument.get(event.entityId) ?? null) : null,
          // A document event's fields (storage key, hash, tags…) are the document's, not the task's:
          // the history names the evidence and keeps only why it was removed and a new version's number.
          changes: isDocument
            ? Object.fromEntries(
                Object.entries(event.changes).filter(
                  ([field, change]) => field === 'archiveReason' || (field === 'version' && change.before !== null),
                ),
              )
            : event.changes,
        };
      }),
    };
  };
}
