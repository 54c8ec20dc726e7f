import { OPEN_WORK_STATES, TASK_STATES, type TaskState } from '@rtms/shared/task-state';
import type { TasksQuery } from '../api/list-tasks';

/**
 * How the Tracker's address becomes its API query, so that one address always gives one list:
 * - no `state` (and no `status`) in the address: open work, the Tracker's default view (UPCOMING,
 *   COMPLETED and NOT_APPLICABLE left out);
 * - `state=ALL`: every task, whatever its state;
 * - `state=A,B`: those states (the server reads the same comma list);
 * - a `status` without a `state` chooses by status alone (links kept from before states existed).
 */
export const ALL_STATES = 'ALL';
export const DEFAULT_STATES: readonly TaskState[] = [...OPEN_WORK_STATES].sort();

/**
 * The states the address selects; null = every task (no state filter sent). `fallback` is the view of
 * an address without a state: open work on the Tracker and a facility's tab, every task (null) on a
 * requirement's page, whose list is its history.
 */
export function statesOf(
  filters: { state?: string; status?: string },
  fallback: readonly TaskState[] | null = DEFAULT_STATES,
): readonly TaskState[] | null {
  if (filters.state === ALL_STATES) return null;
  if (filters.state) {
    const states = filters.state
      .split(',')
      .filter((value): value is TaskState => (TASK_STATES as readonly string[]).includes(value));
    return states.length ? [...new Set(states)].sort() : fallback;
  }
  return filters.status ? null : fallback;
}

/** The API query of an address's table query (the `state` filter resolved as above). */
export function taskApiQuery(query: TasksQuery, fallback: readonly TaskState[] | null = DEFAULT_STATES): TasksQuery {
  const { state, ...rest } = query;
  const states = statesOf(
    {
      state: typeof state === 'string' ? state : undefined,
      status: typeof rest.status === 'string' ? rest.status : undefined,
    },
    fallback,
  );
  return states ? { ...rest, state: states.join(',') } : rest;
}

/** The `state` address value for a selection of states (an empty selection = every task); '' = none. */
export function stateParamOf(
  states: readonly string[],
  fallback: readonly TaskState[] | null = DEFAULT_STATES,
): string {
  if (states.length === 0) return fallback === null ? '' : ALL_STATES;
  const sorted = [...new Set(states)].sort();
  return fallback !== null && sorted.join(',') === fallback.join(',') ? '' : sorted.join(',');
}
