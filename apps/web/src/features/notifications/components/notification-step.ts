import type { Notification } from '@rtms/shared/schemas/notifications';
import type { Translate } from '../../../lib/i18n/use-t';

const REVIEW_STEPS = [
  'REVIEW-REQUESTED',
  'REVIEW-REJECTED',
  'EXTENSION-REQUESTED',
  'EXTENSION-APPROVED',
  'EXTENSION-REJECTED',
] as const;
type ReviewStep = (typeof REVIEW_STEPS)[number];

/**
 * What a notification says, named by the step that fired and worded for the day it fired ("Due in 7 days",
 * "Overdue by 3 days", "Escalation: overdue by 30 days"), not by today: an old "due today" stays one, and an
 * overdue task is never shown as due today.
 */
export function stepText(
  t: Translate,
  notification: Pick<Notification, 'category' | 'stepDaysUntilDue'> & Partial<Pick<Notification, 'step'>>,
): string {
  // A review or an extension request: its step names what happened ("REVIEW-REQUESTED:<when>").
  if (notification.category === 'REVIEW') {
    const kind = (notification.step ?? '').split(':')[0];
    return REVIEW_STEPS.includes(kind as ReviewStep)
      ? t(`review.step.${kind as ReviewStep}`)
      : t('notifications.step.REVIEW');
  }
  const days = Math.abs(notification.stepDaysUntilDue);
  // A corrective action's reminder: due soon, due today or overdue, by the day it fired.
  if (notification.category === 'CORRECTIVE_ACTION') {
    if (notification.stepDaysUntilDue > 0) return t('notifications.step.actionDueSoon', { days });
    if (notification.stepDaysUntilDue === 0) return t('notifications.step.actionDueToday');
    return t('notifications.step.actionOverdue', { days });
  }
  return t(`notifications.step.${notification.category}`, { days });
}

/**
 * Where a notification leads: its task's page, or for a corrective action the page of its finding, where the
 * action is completed.
 */
export function notificationPath(
  notification: Pick<Notification, 'taskId' | 'findingId'> & Partial<Pick<Notification, 'correctiveActionId'>>,
): string {
  if (notification.taskId) return `/tasks/${notification.taskId}`;
  return `/findings/${notification.findingId ?? ''}`;
}
