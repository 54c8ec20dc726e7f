import { Flex, Space, Typography } from 'antd';
import { Link } from 'react-router';
import type { Task } from '@rtms/shared/schemas/tasks';
import { taskNumberOf } from '@rtms/shared/task-number';
import { useT } from '../../../lib/i18n/use-t';
import { useFormatters } from '../../../components/data/use-formatters';
import { TaskTags } from '../../../components/task-tags';

/**
 * The Tracker's cells, shared by its table rows and its phone cards. The columns a manager scans
 * (due date, task, facility, state, assignee) stay columns; category, frequency, period and completion
 * are notes inside them, so the table needs no horizontal scrolling at 1,366 px.
 */

export function TaskDueCell({ task }: { task: Task }) {
  const t = useT();
  const format = useFormatters();
  return (
    <Space orientation="vertical" size={0}>
      <span className="task-due">{format.date(task.dueDate)}</span>
      {task.dueDate !== task.scheduledDueDate ? (
        <Typography.Text type="secondary" className="task-cell-note">
          {t('task.scheduledWas', { date: format.date(task.scheduledDueDate) })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/**
 * A name cut with an ellipsis where its column ends, whole on hover; in its own direction, so that an
 * English name on an Arabic page keeps its beginning.
 */
export function Truncated({ text, className }: { text: string; className: string }) {
  return (
    <span className={`cell-truncate ${className}`} title={text} dir="auto">
      {text}
    </span>
  );
}

export function TaskTitleCell({ task }: { task: Task }) {
  const t = useT();
  const format = useFormatters();
  return (
    <Space orientation="vertical" size={0} className="task-title-cell">
      <Link to={`/tasks/${task._id}`} className="task-title-cell__link">
        <Truncated text={task.title} className="task-column--title" />
      </Link>
      <Typography.Text type="secondary" className="task-cell-note">
        <bdi>
          {t('task.periodAndSequence', {
            period: task.periodLabel,
            sequence: format.number(taskNumberOf(task.sequence)),
          })}
        </bdi>
        {' · '}
        {t(`category.${task.category}`)}
        {' · '}
        {t(`frequency.${task.frequency}`)}
      </Typography.Text>
    </Space>
  );
}

export function TaskStateCell({ task }: { task: Task }) {
  const t = useT();
  const format = useFormatters();
  return (
    <Space orientation="vertical" size={2}>
      <TaskTags task={task} />
      {task.completedOn ? (
        <Typography.Text type="secondary" className="task-cell-note">
          {t('task.completedOnBy', {
            date: format.date(task.completedOn),
            name: task.completedByName ?? t('audit.system'),
          })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/** One task on a phone: every column's content, stacked. */
export function TaskCard({ task, showFacility }: { task: Task; showFacility: boolean }) {
  const t = useT();
  return (
    <Flex vertical gap={4} className="task-card">
      <Flex justify="space-between" gap={8} wrap>
        <strong>
          <TaskDueCell task={task} />
        </strong>
        <TaskStateCell task={task} />
      </Flex>
      <TaskTitleCell task={task} />
      {showFacility ? <Link to={`/facilities/${task.facilityId}`}>{task.facilityName}</Link> : null}
      <Typography.Text type="secondary">
        {t('task.assignee')}: {task.assigneeName ?? t('task.unassigned')}
      </Typography.Text>
    </Flex>
  );
}
