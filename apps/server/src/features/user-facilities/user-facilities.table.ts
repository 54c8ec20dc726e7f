import type { Selectable } from 'kysely';
import type { TimestampColumns } from '../../db/columns';

/** A user assigned to a facility: what scopes the facility roles. Unique per (user, facility). */
export interface UserFacilitiesTable extends TimestampColumns {
  id: string;
  userId: string;
  facilityId: string;
}

export type UserFacilityRow = Selectable<UserFacilitiesTable>;
