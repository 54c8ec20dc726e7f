import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import { addDays } from '@rtms/shared/calendar-date';
import type { Task } from '@rtms/shared/schemas/tasks';
import type { CorrectiveAction } from '@rtms/shared/schemas/findings';
import { TASK_STATES, type TaskState } from '@rtms/shared/task-state';

/** How a state reads in an event's summary (feeds have no language of their own: English). */
const STATE_LABELS: Record<TaskState, string> = {
  UPCOMING: 'Upcoming',
  OPEN: 'Open',
  DUE_SOON: 'Due soon',
  OVERDUE: 'Overdue',
  PENDING_REVIEW: 'Awaiting review',
  COMPLETED: 'Completed',
  NOT_APPLICABLE: 'Not applicable',
};

/** A calendar date as the UTC midnight ical-generator writes as `VALUE=DATE` (it reads all-day dates in UTC). */
function utcMidnight(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/**
 * SEQUENCE must grow whenever the event changes (RFC 5545 §3.8.7.4). A task changes when a person edits
 * it (its `updatedAt` moves) and when its state moves with the days (UPCOMING → OPEN → DUE_SOON →
 * OVERDUE, in that order). Seconds since creation × 8 + the state's rank grows with both: one more second
 * outweighs any state. It stays a 31-bit integer for eight years of edits.
 */
function sequenceOf(task: Pick<Task, 'createdAt' | 'updatedAt' | 'state'>): number {
  const seconds = Math.max(0, Math.floor((Date.parse(task.updatedAt) - Date.parse(task.createdAt)) / 1000));
  return Math.min(seconds * 8 + TASK_STATES.indexOf(task.state), 2 ** 31 - 1);
}

export interface FeedDocument {
  name: string;
  /** The web app's origin, for the links to each task. */
  origin: string;
  tasks: readonly Task[];
  /** Corrective actions of findings: deadlines of their owners, beside the tasks. */
  actions?: readonly CorrectiveAction[];
}

/** The feed as RFC 5545 text: one all-day VEVENT per task, written by ical-generator. */
export function feedToIcs({ name, origin, tasks, actions = [] }: FeedDocument): string {
  const calendar = ical({
    name,
    prodId: { company: 'RTMS', product: 'Regulatory Task Management', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // REFRESH-INTERVAL / X-PUBLISHED-TTL: a hint; Outlook and Google poll on their own schedule anyway.
    ttl: 60 * 60,
  });
  for (const task of tasks) {
    const link = `${origin}/tasks/${encodeURIComponent(task._id)}`;
    const state = STATE_LABELS[task.state];
    const lastModified = new Date(task.updatedAt);
    calendar.createEvent({
      id: `task-${task._id}@rtms`,
      allDay: true,
      start: utcMidnight(task.dueDate),
      end: utcMidnight(addDays(task.dueDate, 1)),
      summary: `[${state}] ${task.title} — ${task.facilityName}`,
      description: [
        `${state}: ${task.title}`,
        `Facility: ${task.facilityName}`,
        `Requirement: ${task.requirementTitle}`,
        `Due: ${task.dueDate}${task.dueDate !== task.scheduledDueDate ? ` (scheduled ${task.scheduledDueDate})` : ''}`,
        ...(task.assigneeName ? [`Assignee: ${task.assigneeName}`] : []),
        ...(task.notApplicableReason ? [`Not applicable: ${task.notApplicableReason}`] : []),
        `Open the task: ${link}`,
      ].join('\n'),
      url: link,
      sequence: sequenceOf(task),
      stamp: lastModified,
      lastModified,
      status: task.state === 'NOT_APPLICABLE' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      // A deadline does not make its day busy.
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  for (const action of actions) {
    const link = `${origin}/findings/${encodeURIComponent(action.findingId)}`;
    const state = action.overdue ? 'Overdue' : ACTION_STATUS_LABELS[action.status];
    const lastModified = new Date(action.updatedAt);
    calendar.createEvent({
      id: `corrective-action-${action._id}@rtms`,
      allDay: true,
      start: utcMidnight(action.dueDate),
      end: utcMidnight(addDays(action.dueDate, 1)),
      summary: `[${state}] Corrective action: ${action.title} — ${action.facilityName}`,
      description: [
        `${state}: ${action.title}`,
        `Finding: ${action.findingTitle}`,
        `Facility: ${action.facilityName}`,
        `Owner: ${action.ownerName}`,
        `Due: ${action.dueDate}`,
        ...(action.dueDateReason ? [`Moved: ${action.dueDateReason}`] : []),
        `Open the finding: ${link}`,
      ].join('\n'),
      url: link,
      // Seconds since creation × 2, + 1 once overdue: grows with each edit and when the deadline passes.
      sequence: Math.min(
        Math.max(0, Math.floor((lastModified.getTime() - Date.parse(action.createdAt)) / 1000)) * 2 +
          (action.overdue ? 1 : 0),
        2 ** 31 - 1,
      ),
      stamp: lastModified,
      lastModified,
      status: action.status === 'CANCELLED' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  return calendar.toString();
}

const ACTION_STATUS_LABELS: Record<CorrectiveAction['status'], string> = {
  OPEN: 'Open',
  DONE: 'Done',
  CANCELLED: 'Cancelled',
};
