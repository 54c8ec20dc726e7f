import type { DeliveryStatus, NotificationCategory } from '@rtms/shared/schemas/notifications';

// Only tag colours that keep AA contrast in the dark theme too.
export const CATEGORY_COLORS: Record<NotificationCategory, string> = {
  TASK_OPENED: 'blue',
  DUE_SOON: 'gold',
  DUE_TODAY: 'orange',
  OVERDUE: 'volcano',
  ESCALATION: 'red',
  REVIEW: 'purple',
  CORRECTIVE_ACTION: 'cyan',
};

export const DELIVERY_STATUS_COLORS: Record<DeliveryStatus, string> = {
  PENDING: 'blue',
  SENT: 'green',
  FAILED: 'red',
  SKIPPED: 'default',
};
