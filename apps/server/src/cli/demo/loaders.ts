import { ConfigError } from '../../config/config';
import type { DemoLoader } from './context';
import { loadDocuments } from './documents';
import { loadFacilities } from './facilities';
import { loadPermits } from './permits';
import { loadFindings } from './findings';
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
  { name: 'permits', load: loadPermits },
  { name: 'task history', load: loadTaskHistory },
  { name: 'findings', load: loadFindings },
  // Keep last: evidence files go on tasks that earlier loaders completed.
  { name: 'documents', load: loadDocuments },
];

export const DEMO_SIZES = ['full', 'small'] as const;
export type DemoSize = (typeof DEMO_SIZES)[number];

/** The loaders of the small demo: the directory only (no requirements, tasks or documents). */
const SMALL_DEMO = new Set(['program areas', 'regulations', 'facilities', 'users']);

export function demoLoadersOfSize(size: DemoSize): typeof DEMO_LOADERS {
  return size === 'full' ? DEMO_LOADERS : DEMO_LOADERS.filter((loader) => SMALL_DEMO.has(loader.name));
}

/** The size a command line asks for (`--size=small`); `full` without one. */
export function demoSizeOf(args: readonly string[]): DemoSize {
  const asked = args.find((arg) => arg.startsWith('--size='))?.slice('--size='.length);
  if (asked === undefined) return 'full';
  if ((DEMO_SIZES as readonly string[]).includes(asked)) return asked as DemoSize;
  throw new ConfigError(`Unknown demo size "${asked}": use --size=full (the default) or --size=small`);
}
