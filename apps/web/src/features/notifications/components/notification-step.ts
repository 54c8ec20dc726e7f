import type { Notification } from '@rtms/shared/schemas/notifications';
import type { Translate } from '../../../lib/i18n/use-t';

/**
 * What a notification says, named by the step that fired and worded for the day it fired ("Due in 7 days",
 * "Overdue by 3 days", "Escalation: overdue by 30 days"), not by today: an old "due today" stays one, and an
 * overdue task is never shown as due today.
 */
export function stepText(t: Translate, notification: Pick<Notification, 'category' | 'stepDaysUntilDue'>): string {
  const days = Math.abs(notification.stepDaysUntilDue);
  return t(`notifications.step.${notification.category}`, { days });
}
