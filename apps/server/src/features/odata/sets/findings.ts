import { bool, date, entitySet, idAndTimestamps, int, text } from '../entity-set';

/** Findings of the caller's facilities, automatic and recorded by hand, in every status. */
export const findingsSet = entitySet({
  name: 'Findings',
  entityType: 'Finding',
  table: 'findings',
  properties: {
    id: text('id'),
    facilityId: text('facilityId'),
    source: text('source'),
    taskId: text('taskId', true),
    requirementId: text('requirementId', true),
    permitId: text('permitId', true),
    title: text('title'),
    description: text('description', true),
    severity: text('severity'),
    identifiedOn: date('identifiedOn'),
    ownerId: text('ownerId', true),
    reportable: bool('reportable'),
    reportDueDate: date('reportDueDate', true),
    reportedOn: date('reportedOn', true),
    rootCause: text('rootCause', true),
    rootCauseCategory: text('rootCauseCategory', true),
    status: text('status'),
    daysLate: int('daysLate', true),
    verifiedBy: text('verifiedBy', true),
    verifiedOn: date('verifiedOn', true),
    verificationEffective: bool('verificationEffective', true),
    ...idAndTimestamps,
  },
  scope: { kind: 'facility', column: 'findings.facilityId' },
});
