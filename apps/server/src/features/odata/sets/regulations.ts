import { bool, entitySet, idAndTimestamps, text } from '../entity-set';

/** Regulations: settings every user reads. */
export const regulationsSet = entitySet({
  name: 'Regulations',
  entityType: 'Regulation',
  table: 'regulations',
  properties: {
    id: text('id'),
    title: text('title'),
    citation: text('citation', true),
    agency: text('agency', true),
    jurisdiction: text('jurisdiction'),
    link: text('link', true),
    description: text('description', true),
    active: bool('active'),
    ...idAndTimestamps,
  },
  scope: null,
});
