import type { DragEvent } from 'react';
import { Link } from 'react-router';
import type { Task } from '@rtms/shared/schemas/tasks';
import { useT } from '../../../lib/i18n/use-t';
import { STATE_TAGS } from '../../../components/task-tags';

/** The drag payload type: a task id (no other drop target on the page reads it). */
export const TASK_DRAG_TYPE = 'application/x-rtms-task';

/**
 * One task in a calendar day: its state as colour, icon and words (the words are read by screen readers
 * and shown in the tooltip), linking to the task. Draggable only when the caller may move it.
 */
export function TaskChip({
  task,
  draggable,
  onDragStart,
}: {
  task: Task;
  draggable: boolean;
  onDragStart?: (task: Task) => void;
}) {
  const t = useT();
  const tag = STATE_TAGS[task.state];
  const state = t(tag.label);
  const start = (event: DragEvent<HTMLAnchorElement>) => {
    event.dataTransfer.setData(TASK_DRAG_TYPE, task._id);
    event.dataTransfer.effectAllowed = 'move';
    onDragStart?.(task);
  };
  return (
    <Link
      to={`/tasks/${task._id}`}
      className={`calendar-chip calendar-chip--${task.state.toLowerCase()}`}
      title={`${task.title} — ${task.facilityName} (${state})`}
      aria-label={t('calendar.taskLabel', { title: task.title, facility: task.facilityName, state })}
      draggable={draggable}
      onDragStart={draggable ? start : undefined}
    >
      <span className="calendar-chip__icon" aria-hidden>
        {tag.icon}
      </span>
      <span className="calendar-chip__text" dir="auto">
        {task.title}
      </span>
    </Link>
  );
}
