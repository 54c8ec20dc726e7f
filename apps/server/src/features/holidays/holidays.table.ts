import type { Selectable } from 'kysely';

/** ADDED: a day an administrator made a holiday; REMOVED: a library holiday an administrator took out. */
export type HolidayChangeKind = 'ADDED' | 'REMOVED';

/** An administrator's change to a facility's holiday calendar (migration 0060). One row per (facility, date). */
export interface FacilityHolidayChangesTable {
  id: string;
  facilityId: string;
  date: string;
  kind: HolidayChangeKind;
  /** The added day's name, or the removed library holiday's name (kept for the audit trail and lists). */
  name: string;
  createdAt: string;
  createdBy: string | null;
}

export type HolidayChangeRow = Selectable<FacilityHolidayChangesTable>;
