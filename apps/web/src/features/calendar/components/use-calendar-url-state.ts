import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isCalendarDate } from '@rtms/shared/calendar-date';
import { TASK_STATES, type TaskState } from '@rtms/shared/task-state';
import type { TasksQuery } from '../../tasks/api/list-tasks';
import { CALENDAR_VIEWS, today, type CalendarView } from './calendar-range';

export const CALENDAR_FILTERS = ['facilityId', 'category', 'programAreaId', 'assigneeId'] as const;
export type CalendarFilter = (typeof CALENDAR_FILTERS)[number] & keyof TasksQuery;

/**
 * The calendar's place and filters, kept in the URL (shareable, survive a reload): `view`, `date` (the
 * anchor day), `state` (comma-separated) and the list filters. Without `view`, the default depends on
 * the screen (`defaultView`).
 */
export function useCalendarUrlState(defaultView: CalendarView) {
  const [params, setParams] = useSearchParams();
  const viewParam = params.get('view');
  const view: CalendarView = (CALENDAR_VIEWS as readonly string[]).includes(viewParam ?? '')
    ? (viewParam as CalendarView)
    : defaultView;
  const dateParam = params.get('date');
  const date = dateParam && isCalendarDate(dateParam) ? dateParam : today();
  const stateText = params.get('state') ?? '';
  const states = useMemo(
    () =>
      stateText.split(',').filter((value): value is TaskState => (TASK_STATES as readonly string[]).includes(value)),
    [stateText],
  );
  const filters = useMemo(() => {
    const result: Partial<Record<CalendarFilter, string>> = {};
    for (const name of CALENDAR_FILTERS) {
      const value = params.get(name);
      if (value) result[name] = value;
    }
    // The address's text is sent as it is (the names are the task list's, above); the server judges the values.
    return result as Pick<TasksQuery, CalendarFilter>;
  }, [params]);

  const update = useCallback(
    (changes: Record<string, string | undefined>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return {
    view,
    date,
    states,
    filters,
    setView: (next: CalendarView) => update({ view: next }),
    setDate: (next: string) => update({ date: next }),
    setStates: (next: TaskState[]) => update({ state: next.join(',') || undefined }),
    setFilter: (name: CalendarFilter, value: string | undefined) => update({ [name]: value }),
  };
}
