import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { FacilityStatus, FacilityType } from '@rtms/shared/enums';

export interface FacilitiesTable {
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
  searchText: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

/** Which program areas apply to a facility. */
export interface FacilityProgramAreasTable {
  facilityId: string;
  programAreaId: string;
}

export type FacilityRow = Selectable<FacilitiesTable>;
export type NewFacilityRow = Insertable<FacilitiesTable>;
export type FacilityUpdate = Updateable<FacilitiesTable>;
