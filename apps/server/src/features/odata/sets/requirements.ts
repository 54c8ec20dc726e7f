import { bool, date, entitySet, idAndTimestamps, int, text } from '../entity-set';

/** Requirements bound to at least one facility in the caller's scope (every requirement for the all roles). */
export const requirementsSet = entitySet({
  name: 'Requirements',
  entityType: 'Requirement',
  table: 'requirements',
  properties: {
    id: text('id'),
    title: text('title'),
    description: text('description', true),
    regulationId: text('regulationId', true),
    citation: text('citation', true),
    programAreaId: text('programAreaId', true),
    category: text('category'),
    frequency: text('frequency'),
    scheduleMode: text('scheduleMode'),
    firstDueDate: date('firstDueDate'),
    weekendShift: text('weekendShift'),
    leadTimeDays: int('leadTimeDays'),
    graceDays: int('graceDays'),
    evidenceRequired: bool('evidenceRequired'),
    minEvidence: int('minEvidence'),
    permitNumber: text('permitNumber', true),
    status: text('status'),
    ...idAndTimestamps,
  },
  scope: { kind: 'requirementBindings' },
});
