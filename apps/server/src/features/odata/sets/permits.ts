import { date, entitySet, idAndTimestamps, int, text } from '../entity-set';

/**
 * Permits: every version of every permit of the caller's facilities. Their status depends on each facility's
 * today, so the feed carries the dates it is derived from (effective, expiry, renewal submitted, terminated).
 */
export const permitsSet = entitySet({
  name: 'Permits',
  entityType: 'Permit',
  table: 'permits',
  properties: {
    id: text('id'),
    facilityId: text('facilityId'),
    number: text('number'),
    title: text('title'),
    agency: text('agency'),
    type: text('type'),
    issuedOn: date('issuedOn'),
    effectiveOn: date('effectiveOn'),
    expiresOn: date('expiresOn', true),
    renewalLeadDays: int('renewalLeadDays'),
    renewalSubmittedOn: date('renewalSubmittedOn', true),
    version: int('version'),
    previousVersionId: text('previousVersionId', true),
    terminatedOn: date('terminatedOn', true),
    terminationReason: text('terminationReason', true),
    ...idAndTimestamps,
  },
  scope: { kind: 'facility', column: 'permits.facilityId' },
});
