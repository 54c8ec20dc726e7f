import type { Generated, Selectable } from 'kysely';
import type { FacilityStatus, FacilityType } from '@rtms/shared/enums';
import type { SearchableColumns } from '../../db/columns';

export interface FacilitiesTable extends SearchableColumns {
  id: string;
  name: string;
  /** Lower-cased name, unique: two facilities cannot differ only by case. */
  nameKey: string;
  /** Upper-case short code, unique. */
  code: string;
  type: FacilityType;
  status: Generated<FacilityStatus>;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  capacityMw: number | null;
  /** Calendar date `YYYY-MM-DD`. */
  commercialOperationDate: string | null;
  /** IANA time zone: task due dates are calendar days in it. */
  timeZone: string;
  notes: string | null;
  /** Go-live: reminders start on this calendar date (null: at once). */
  notifyFrom: Generated<string | null>;
}

/** Which program areas apply to a facility. */
export interface FacilityProgramAreasTable {
  facilityId: string;
  programAreaId: string;
}

export type FacilityRow = Selectable<FacilitiesTable>;
