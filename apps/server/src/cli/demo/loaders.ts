import type { DemoLoader } from './context';
import { loadDocuments } from './documents';
import { loadFacilities } from './facilities';
import { loadProgramAreas } from './program-areas';
import { loadRegulations } from './regulations';
import { loadRequirements } from './requirements';
import { loadTaskHistory } from './task-history';
import { loadUsers } from './users';

/**
 * The demo loaders in the order they run; each may use the ids earlier ones put in `ctx.refs`.
 * A feature with demo data appends its loader here (e.g. requirements after users, then tasks).
 */
export const DEMO_LOADERS: { name: string; load: DemoLoader }[] = [
  { name: 'program areas', load: loadProgramAreas },
  { name: 'regulations', load: loadRegulations },
  { name: 'facilities', load: loadFacilities },
  { name: 'users', load: loadUsers },
  { name: 'requirements', load: loadRequirements },
  { name: 'task history', load: loadTaskHistory },
  // Keep last: evidence files go on tasks that earlier loaders completed.
  { name: 'documents', load: loadDocuments },
];
