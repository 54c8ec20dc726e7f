import type { EntitySet } from '../entity-set';
import { correctiveActionsSet } from './corrective-actions';
import { facilitiesSet } from './facilities';
import { findingsSet } from './findings';
import { permitsSet } from './permits';
import { programAreasSet } from './program-areas';
import { regulationsSet } from './regulations';
import { requirementsSet } from './requirements';
import { tasksSet } from './tasks';

/**
 * Every entity set of the OData feed, in the order the service document lists them. Another set is one
 * declaration (a file beside these) and one line here.
 */
export const ENTITY_SETS: readonly EntitySet[] = [
  tasksSet,
  requirementsSet,
  facilitiesSet,
  regulationsSet,
  programAreasSet,
  permitsSet,
  findingsSet,
  correctiveActionsSet,
];

export function entitySetNamed(name: string): EntitySet | undefined {
  return ENTITY_SETS.find((set) => set.name === name);
}
