import type { Selectable } from 'kysely';
import type { CalendarFeedScope } from '@rtms/shared/schemas/calendar';

/** A user's iCalendar feed; `secretHash` is the SHA-256 (hex) of the secret in its URL. */
export interface CalendarFeedsTable {
  id: string;
  userId: string;
  name: string;
  scope: CalendarFeedScope;
  facilityId: string | null;
  secretHash: string;
  lastUsedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type CalendarFeedRow = Selectable<CalendarFeedsTable>;
