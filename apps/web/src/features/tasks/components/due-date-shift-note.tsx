import { Typography } from 'antd';
import { useIntl } from 'react-intl';
import type { Task } from '@rtms/shared/schemas/tasks';
import { useT } from '../../../lib/i18n/use-t';

/**
 * Why a task is not due on the day its rule gives: "4 July 2027 is Independence Day, so the
 * due date moved to the next business day" (or the previous one, as the requirement's rule says), or the
 * weekend. Nothing when the task did not move.
 */
export function DueDateShiftNote({ shift, dueDate }: { shift: Task['dueDateShift']; dueDate: string }) {
  const t = useT();
  const intl = useIntl();
  if (!shift) return null;
  const way = dueDate > shift.scheduledDueDate ? 'NEXT' : 'PREVIOUS';
  const date = intl.formatDate(`${shift.scheduledDueDate}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <Typography.Text type="secondary" className="due-date-shift-note">
      {shift.reason === 'HOLIDAY' && shift.holidayName
        ? t(`task.shiftHoliday.${way}`, { date, name: shift.holidayName })
        : t(`task.shiftWeekend.${way}`, { date })}
    </Typography.Text>
  );
}
