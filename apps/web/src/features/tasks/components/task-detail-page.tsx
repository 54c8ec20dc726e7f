import { Typography } from 'antd';
import { useParams } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import '../../../components/data/data.css';
import { DetailHeader, DetailLoad } from '../../../components/detail-page';
import { useFormatters } from '../../../components/data/use-formatters';
import { useTask } from '../api/get-task';
import { TaskDetailView } from './task-detail';
import { TaskTags } from '../../../components/task-tags';
import { TaskReviewSection } from '../../reviews/api/task-review-section';

/** /tasks/:id: one task with its actions, evidence, comments and history. */
export function TaskDetailPage() {
  const { id = '' } = useParams();
  const t = useT();
  const format = useFormatters();
  return (
    <DetailLoad query={useTask(id)} rows={10} loadFailed={t('task.loadFailed')}>
      {(task) => (
        <>
          <DetailHeader
            back={{ to: '/tasks', label: t('task.back') }}
            name={task.title}
            tags={<TaskTags task={task} />}
          />
          <Typography.Paragraph type="secondary">
            {t('task.subtitle', {
              facility: task.facilityName,
              period: task.periodLabel,
              due: format.date(task.dueDate),
            })}
          </Typography.Paragraph>
          <TaskReviewSection task={task} />
          <TaskDetailView task={task} />
        </>
      )}
    </DetailLoad>
  );
}
