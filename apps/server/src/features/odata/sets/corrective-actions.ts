import { date, entitySet, idAndTimestamps, text } from '../entity-set';

/** Corrective actions of the findings of the caller's facilities. */
export const correctiveActionsSet = entitySet({
  name: 'CorrectiveActions',
  entityType: 'CorrectiveAction',
  table: 'corrective_actions',
  properties: {
    id: text('id'),
    findingId: text('findingId'),
    facilityId: text('facilityId'),
    title: text('title'),
    type: text('type'),
    ownerId: text('ownerId'),
    dueDate: date('dueDate'),
    status: text('status'),
    completedOn: date('completedOn', true),
    note: text('note', true),
    ...idAndTimestamps,
  },
  scope: { kind: 'facility', column: 'corrective_actions.facilityId' },
});
