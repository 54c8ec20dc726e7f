import { date, double, entitySet, idAndTimestamps, text } from '../entity-set';

/** Facilities: those assigned to the caller (every facility for the all roles). */
export const facilitiesSet = entitySet({
  name: 'Facilities',
  entityType: 'Facility',
  table: 'facilities',
  properties: {
    id: text('id'),
    name: text('name'),
    code: text('code'),
    type: text('type'),
    status: text('status'),
    address: text('address', true),
    city: text('city', true),
    state: text('state', true),
    country: text('country', true),
    latitude: double('latitude', true),
    longitude: double('longitude', true),
    capacityMw: double('capacityMw', true),
    commercialOperationDate: date('commercialOperationDate', true),
    timeZone: text('timeZone'),
    ...idAndTimestamps,
  },
  scope: { kind: 'facility', column: 'facilities.id' },
});
