import { bool, entitySet, idAndTimestamps, text } from '../entity-set';

/** Program areas: settings every user reads. */
export const programAreasSet = entitySet({
  name: 'ProgramAreas',
  entityType: 'ProgramArea',
  table: 'program_areas',
  properties: {
    id: text('id'),
    name: text('name'),
    description: text('description', true),
    active: bool('active'),
    ...idAndTimestamps,
  },
  scope: null,
});
