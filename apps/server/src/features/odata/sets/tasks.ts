import { computed, date, entitySet, idAndTimestamps, instant, int, text } from '../entity-set';

/**
 * Tasks: every stored occurrence of a requirement at a facility in the caller's scope, with the derived `state`
 * (UPCOMING, OPEN, DUE_SOON, OVERDUE, PENDING_REVIEW, COMPLETED, NOT_APPLICABLE) and `overdue` the Tracker shows,
 * judged in each facility's today.
 */
export const tasksSet = entitySet({
  name: 'Tasks',
  entityType: 'Task',
  table: 'tasks',
  properties: {
    id: text('id'),
    requirementId: text('requirementId'),
    facilityId: text('facilityId'),
    sequence: int('sequence'),
    title: text('title'),
    category: text('category'),
    frequency: text('frequency'),
    periodLabel: text('periodLabel'),
    scheduledDueDate: date('scheduledDueDate'),
    dueDate: date('dueDate'),
    status: text('status'),
    timeliness: text('timeliness', true),
    notApplicableReason: text('notApplicableReason', true),
    assigneeId: text('assigneeId', true),
    completedOn: date('completedOn', true),
    completedAt: instant('completedAt', true),
    state: computed('Edm.String', 'taskState'),
    overdue: computed('Edm.Boolean', 'taskOverdue'),
    ...idAndTimestamps,
  },
  scope: { kind: 'facility', column: 'tasks.facilityId' },
});
