import { createProgramAreaBodySchema } from '@rtms/shared/schemas/program-areas';
import { findProgramAreaByNameKey } from '../../features/program-areas/program-areas.repository';
import { nameKeyOf } from '../../features/program-areas/program-areas.service';
import { loadEach, type DemoContext } from './context';

/** The compliance domains of a renewable-power operator. */
export const DEMO_PROGRAM_AREAS = [
  { name: 'Air Quality', description: 'Air permits, emission limits, monitoring and annual emission inventories.' },
  {
    name: 'Stormwater',
    description: 'NPDES construction and industrial stormwater permits, SWPPP inspections and sampling.',
  },
  {
    name: 'SPCC',
    description: 'Oil spill prevention plans for transformers, generator step-up units and bulk oil storage.',
  },
  {
    name: 'Avian & Bat Protection',
    description: 'Post-construction mortality monitoring, eagle take permits, curtailment and incident reporting.',
  },
  {
    name: 'Cultural Resources',
    description: 'Section 106 consultation, unanticipated discoveries and tribal monitoring.',
  },
  {
    name: 'NERC Reliability',
    description: 'NERC reliability standards: protection system maintenance, CIP, voltage schedules.',
  },
  {
    name: 'Waste Management',
    description: 'Hazardous and universal waste generator rules, manifests and recycling records.',
  },
  {
    name: 'Health & Safety',
    description: 'OSHA programs: lockout/tagout, process safety, arc flash, fall protection.',
  },
];

export function loadProgramAreas(ctx: DemoContext): Promise<void> {
  return loadEach(ctx, 'program areas', DEMO_PROGRAM_AREAS, {
    refs: ctx.refs.programAreas,
    keyOf: (area) => area.name,
    find: (area) => findProgramAreaByNameKey(ctx.db, nameKeyOf(area.name)),
    create: (area) => ctx.services.programAreas.create(ctx.principal, createProgramAreaBodySchema.parse(area)),
  });
}
