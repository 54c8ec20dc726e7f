import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type CalendarDay,
  type calendarDaysQuerySchema,
  calendarDaysResponseSchema,
} from '@rtms/shared/schemas/calendar';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

/** GET /api/calendar/days query, typed by its shared schema. */
export type CalendarDaysQuery = z.input<typeof calendarDaysQuerySchema>;

/** GET /api/calendar/days: per-day counts by state over `from`..`to` (at most 62 days) with the list's filters. */
export function getCalendarDays(query: CalendarDaysQuery, signal?: AbortSignal): Promise<{ data: CalendarDay[] }> {
  return apiRequest('GET', `/calendar/days${toQueryString(query)}`, calendarDaysResponseSchema, { signal });
}

/** Under `['tasks', …]`, so that every task change (invalidateTasks) refreshes the counts too. */
export function useCalendarDays(query: CalendarDaysQuery) {
  return useQuery({
    queryKey: ['tasks', 'calendar-days', query],
    queryFn: ({ signal }) => getCalendarDays(query, signal),
    placeholderData: keepPreviousData,
  });
}
