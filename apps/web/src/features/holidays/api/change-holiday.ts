import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AddHolidayBody,
  type Holiday,
  type HolidayPreview,
  holidayPreviewResponseSchema,
  holidaySaveResponseSchema,
} from '@rtms/shared/schemas/holidays';
import { apiRequest } from '../../../lib/api-client';

/** A change to one day of a facility's calendar. */
export type HolidayChange = { add: AddHolidayBody } | { remove: string };

interface Saved {
  data: Holiday;
  meta: { tasks: { moved: number } };
}

/** POST /api/facilities/:id/holidays/preview: the tasks the change would move. Nothing is written. */
export function previewHolidayChange(facilityId: string, change: HolidayChange): Promise<{ data: HolidayPreview }> {
  return apiRequest(
    'POST',
    `/facilities/${encodeURIComponent(facilityId)}/holidays/preview`,
    holidayPreviewResponseSchema,
    { body: change },
  );
}

/** POST /api/facilities/:id/holidays, or DELETE /api/facilities/:id/holidays/:date. */
export function saveHolidayChange(facilityId: string, change: HolidayChange): Promise<Saved> {
  const base = `/facilities/${encodeURIComponent(facilityId)}/holidays`;
  return 'add' in change
    ? apiRequest('POST', base, holidaySaveResponseSchema, { body: change.add })
    : apiRequest('DELETE', `${base}/${encodeURIComponent(change.remove)}`, holidaySaveResponseSchema);
}

export function usePreviewHolidayChange(facilityId: string) {
  return useMutation({ mutationFn: (change: HolidayChange) => previewHolidayChange(facilityId, change) });
}

/** Saving moves tasks as well: the facility's calendars and every task list are refreshed. */
export function useSaveHolidayChange(facilityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: HolidayChange) => saveHolidayChange(facilityId, change),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['facilities', 'holidays', facilityId] }),
        queryClient.invalidateQueries({ queryKey: ['tasks'] }),
      ]);
    },
  });
}
