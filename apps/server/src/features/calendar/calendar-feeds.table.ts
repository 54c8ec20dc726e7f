import type { Selectable } from 'kysely';
import type { CalendarFeedScope } from '@rtms/shared/schemas/calendar';
import type { TimestampColumns } from '../../db/columns';

/** A user's iCalendar feed; `secretHash` is the SHA-256 (hex) of the secret in its URL. */
export interface CalendarFeedsTable extends TimestampColumns {
  id: string;
  userId: string;
  name: string;
  scope: CalendarFeedScope;
  facilityId: string | null;
  secretHash: string;
  lastUsedAt: string | null;
}

export type CalendarFeedRow = Selectable<CalendarFeedsTable>;
