import { Space, Tag } from 'antd';
import {
  CalendarOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  MinusCircleOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { Timeliness } from '@rtms/shared/enums';
import type { Task } from '@rtms/shared/schemas/tasks';
import type { TaskState } from '@rtms/shared/task-state';
import { useT } from '../../../lib/i18n/use-t';

type StateTagTask = Pick<Task, 'status' | 'overdue' | 'dueSoon' | 'notApplicableReason'> & { state?: TaskState };

/**
 * Where a task stands, in words and colour (never colour alone, WCAG 1.4.1): not applicable, completed,
 * overdue, due soon, or open.
 */
export function TaskStateTag({ task }: { task: StateTagTask }) {
  const t = useT();
  // The server's derived state when the task carries it (lists and filters use the same field).
  if (task.state === 'UPCOMING')
    return (
      <Tag icon={<CalendarOutlined aria-hidden />} className="task-tag">
        {t('taskState.upcoming')}
      </Tag>
    );
  if (task.state === 'OPEN')
    return (
      <Tag color="blue" icon={<ClockCircleOutlined aria-hidden />} className="task-tag">
        {t('taskState.open')}
      </Tag>
    );
  if (task.notApplicableReason !== null)
    return (
      <Tag icon={<MinusCircleOutlined aria-hidden />} className="task-tag">
        {t('taskState.notApplicable')}
      </Tag>
    );
  if (task.status === 'COMPLETED')
    return (
      <Tag color="green" icon={<CheckCircleOutlined aria-hidden />} className="task-tag">
        {t('taskState.completed')}
      </Tag>
    );
  if (task.overdue)
    return (
      <Tag color="red" icon={<ExclamationCircleOutlined aria-hidden />} className="task-tag">
        {t('taskState.overdue')}
      </Tag>
    );
  if (task.dueSoon || task.state === 'DUE_SOON')
    return (
      <Tag color="orange" icon={<WarningOutlined aria-hidden />} className="task-tag">
        {t('taskState.dueSoon')}
      </Tag>
    );
  return (
    <Tag color="blue" icon={<ClockCircleOutlined aria-hidden />} className="task-tag">
      {t('taskState.open')}
    </Tag>
  );
}

const TIMELINESS_COLOURS: Record<Timeliness, string> = { ON_TIME: 'green', LATE: 'orange', MISSED: 'red' };

/** ON_TIME, LATE or MISSED, recorded at completion; nothing for an open task. */
export function TimelinessTag({ timeliness }: { timeliness: Timeliness | null }) {
  const t = useT();
  if (!timeliness) return null;
  return (
    <Tag color={TIMELINESS_COLOURS[timeliness]} className="task-tag">
      {t(`timeliness.${timeliness}`)}
    </Tag>
  );
}

/** The state and, once completed, the timeliness, side by side. */
export function TaskTags({ task }: { task: StateTagTask & Pick<Task, 'timeliness'> }) {
  return (
    <Space size={4} wrap>
      <TaskStateTag task={task} />
      <TimelinessTag timeliness={task.timeliness} />
    </Space>
  );
}
