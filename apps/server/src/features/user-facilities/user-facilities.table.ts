import type { Insertable, Selectable } from 'kysely';

/** A user assigned to a facility: what scopes the facility roles. Unique per (user, facility). */
export interface UserFacilitiesTable {
  id: string;
  userId: string;
  facilityId: string;
  createdAt: string;
  updatedAt: string;
}

export type UserFacilityRow = Selectable<UserFacilitiesTable>;
export type NewUserFacilityRow = Insertable<UserFacilitiesTable>;
