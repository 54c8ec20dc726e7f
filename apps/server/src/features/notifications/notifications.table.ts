import type { Selectable } from 'kysely';
import type { TaskFrequency } from '@rtms/shared/enums';
import type {
  DeliveryStatus,
  NotificationCategory,
  NotificationDeliveryMode,
} from '@rtms/shared/schemas/notifications';
import type { TimestampColumns } from '../../db/columns';

/** The reminder policy of a frequency (a requirement may override each number). */
export interface ReminderPoliciesTable {
  frequency: TaskFrequency;
  firstBeforeDays: number | null;
  secondBeforeDays: number | null;
  overdueEveryDays: number;
  escalateFacilityAfterDays: number;
  escalateAllAfterDays: number;
}

export interface NotificationPreferencesTable {
  userId: string;
  delivery: NotificationDeliveryMode;
  digestHour: number;
  timeZone: string;
  /** When the time zone was set, by the user or from their browser; null: their first facility's (migration 0186). */
  timeZoneSetAt: string | null;
  quietUntil: string | null;
  /** JSON {category: boolean}. */
  categories: string;
  lastDigestOn: string | null;
  updatedAt: string;
}

/**
 * One notification of one user about one task or one corrective action (exactly one of the two, migration 0260);
 * unique per (task, step, user) and per (corrective action, step, user).
 */
export interface NotificationsTable {
  id: string;
  userId: string;
  taskId: string | null;
  correctiveActionId: string | null;
  facilityId: string;
  step: string;
  category: NotificationCategory;
  availableAt: string;
  readAt: string | null;
  createdAt: string;
}

/** The outbox: one row per notification and channel. */
export interface NotificationDeliveriesTable extends TimestampColumns {
  id: string;
  notificationId: string;
  recipientId: string;
  facilityId: string;
  channel: 'EMAIL';
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  notBefore: string;
  claimedBy: string | null;
  claimedUntil: string | null;
  messageId: string | null;
  sentAt: string | null;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export type NotificationRow = Selectable<NotificationsTable>;
export type DeliveryRow = Selectable<NotificationDeliveriesTable>;
export type NotificationPreferencesRow = Selectable<NotificationPreferencesTable>;
