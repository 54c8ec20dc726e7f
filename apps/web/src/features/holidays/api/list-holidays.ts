import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type HolidayPage, holidayPageSchema } from '@rtms/shared/schemas/holidays';
import { apiRequest } from '../../../lib/api-client';

/** Most days a year's calendar holds (a country's public holidays and a site's own days fit easily). */
const YEAR_PAGE_SIZE = 100;

/** GET /api/facilities/:id/holidays?year=: the facility's holidays in a year. */
export function listHolidays(facilityId: string, year: number, signal?: AbortSignal): Promise<HolidayPage> {
  const query = new URLSearchParams({ year: String(year), pageSize: String(YEAR_PAGE_SIZE) });
  return apiRequest('GET', `/facilities/${encodeURIComponent(facilityId)}/holidays?${query}`, holidayPageSchema, {
    signal,
  });
}

export function useHolidays(facilityId: string, year: number) {
  return useQuery({
    queryKey: ['facilities', 'holidays', facilityId, year],
    queryFn: ({ signal }) => listHolidays(facilityId, year, signal),
    placeholderData: keepPreviousData,
  });
}
