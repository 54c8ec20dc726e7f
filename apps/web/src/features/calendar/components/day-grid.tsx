import { useState, type DragEvent } from 'react';
import { Button } from 'antd';
import dayjs from 'dayjs';
import type { CalendarDay } from '@rtms/shared/schemas/calendar';
import type { Task } from '@rtms/shared/schemas/tasks';
import { useIntl } from 'react-intl';
import { useT } from '../../../lib/i18n/use-t';
import { TASK_DRAG_TYPE, TaskChip } from './task-chip';

export interface DayGridProps {
  days: string[];
  /** The month of the view: days outside it are dimmed (month view). */
  month?: string;
  today: string;
  counts: Map<string, CalendarDay>;
  /** The tasks loaded for the range, by due date (a day may have more than are loaded). */
  tasksByDay: Map<string, Task[]>;
  /** Chips shown per day before "+N more". */
  perDay: number;
  canMove: (task: Task) => boolean;
  onMove: (task: Task, date: string) => void;
  onMore: (date: string) => void;
  /** Accessible name of the grid (the period shown). */
  ariaLabel: string;
}

/**
 * The month and week views: a grid of days (Monday first), each with its tasks coloured by state and
 * "+N more" when there are more than fit (or than are loaded). An open task dragged onto another day
 * asks to be moved there (the dialog asks for the reason; nothing moves before it is confirmed).
 */
export function DayGrid({
  days,
  month,
  today,
  counts,
  tasksByDay,
  perDay,
  canMove,
  onMove,
  onMore,
  ariaLabel,
}: DayGridProps) {
  const t = useT();
  const intl = useIntl();
  const [dragging, setDragging] = useState<Task | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const weekdays = days.slice(0, 7);

  const dropProps = (date: string) =>
    dragging
      ? {
          onDragOver: (event: DragEvent) => {
            if (!event.dataTransfer.types.includes(TASK_DRAG_TYPE)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            if (over !== date) setOver(date);
          },
          onDragLeave: () => setOver((current) => (current === date ? null : current)),
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            const task = dragging;
            setDragging(null);
            setOver(null);
            if (task && task.dueDate !== date) onMove(task, date);
          },
        }
      : {};

  return (
    <div
      className="calendar-grid"
      role="table"
      aria-label={ariaLabel}
      onDragEnd={() => (setDragging(null), setOver(null))}
    >
      <div className="calendar-grid__row calendar-grid__head" role="row">
        {weekdays.map((day) => (
          <div key={day} role="columnheader" className="calendar-grid__weekday">
            {intl.formatDate(`${day}T00:00:00Z`, { weekday: 'short', timeZone: 'UTC' })}
          </div>
        ))}
      </div>
      {Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7)).map((week) => (
        <div key={week[0]} className="calendar-grid__row" role="row">
          {week.map((date) => {
            const count = counts.get(date);
            const loaded = tasksByDay.get(date) ?? [];
            const shown = loaded.slice(0, perDay);
            const more = (count?.total ?? loaded.length) - shown.length;
            const label = intl.formatDate(`${date}T00:00:00Z`, { dateStyle: 'full', timeZone: 'UTC' });
            const classes = [
              'calendar-day',
              month && !date.startsWith(month) ? 'calendar-day--outside' : '',
              date === today ? 'calendar-day--today' : '',
              over === date ? 'calendar-day--drop' : '',
            ].join(' ');
            return (
              <div
                key={date}
                role="cell"
                className={classes}
                data-date={date}
                aria-label={t('calendar.dayLabel', { date: label, count: count?.total ?? 0 })}
                {...dropProps(date)}
              >
                <div className="calendar-day__number" aria-hidden>
                  {dayjs(date).date()}
                </div>
                <div className="calendar-day__tasks">
                  {shown.map((task) => (
                    <TaskChip key={task._id} task={task} draggable={canMove(task)} onDragStart={setDragging} />
                  ))}
                  {more > 0 ? (
                    <Button type="link" size="small" className="calendar-day__more" onClick={() => onMore(date)}>
                      {t('calendar.more', { count: intl.formatNumber(more) })}
                    </Button>
                  ) : null}
                </div>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
