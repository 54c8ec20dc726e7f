import type { ReactNode } from 'react';
import { Space, Tag } from 'antd';
import {
  AuditOutlined,
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
import { useT } from '../lib/i18n/use-t';
import type { MessageKey } from '../lib/i18n/messages/en';
import './task-tags.css';

/** The tag of each derived state: colour, icon and words (never colour alone, WCAG 1.4.1). */
export const STATE_TAGS: Record<TaskState, { color?: string; icon: ReactNode; label: MessageKey }> = {
  UPCOMING: { icon: <CalendarOutlined aria-hidden />, label: 'taskState.upcoming' },
  OPEN: { color: 'blue', icon: <ClockCircleOutlined aria-hidden />, label: 'taskState.open' },
  DUE_SOON: { color: 'orange', icon: <WarningOutlined aria-hidden />, label: 'taskState.dueSoon' },
  OVERDUE: { color: 'red', icon: <ExclamationCircleOutlined aria-hidden />, label: 'taskState.overdue' },
  PENDING_REVIEW: { color: 'purple', icon: <AuditOutlined aria-hidden />, label: 'review.state' },
  COMPLETED: { color: 'green', icon: <CheckCircleOutlined aria-hidden />, label: 'taskState.completed' },
  NOT_APPLICABLE: { icon: <MinusCircleOutlined aria-hidden />, label: 'taskState.notApplicable' },
};

/**
 * Where a task stands: its derived `state` from the server (upcoming before its window opens, open, due
 * soon, overdue, completed, not applicable).
 */
export function TaskStateTag({ task }: { task: Pick<Task, 'state'> }) {
  const t = useT();
  const tag = STATE_TAGS[task.state];
  return (
    <Tag color={tag.color} icon={tag.icon} className="task-tag">
      {t(tag.label)}
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
export function TaskTags({ task }: { task: Pick<Task, 'state' | 'timeliness'> }) {
  return (
    <Space size={4} wrap>
      <TaskStateTag task={task} />
      <TimelinessTag timeliness={task.timeliness} />
    </Space>
  );
}
