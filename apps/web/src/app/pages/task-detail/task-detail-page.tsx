import { Typography } from 'antd';
import { useParams } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import '../../../components/data/data.css';
import { DetailHeader, DetailLoad } from '../../../components/detail-page';
import { useFormatters } from '../../../components/data/use-formatters';
import { useTask } from '../../../features/tasks/api/get-task';
import { TaskDetailView } from '../../../features/tasks/components/task-detail';
import { TaskTags } from '../../../components/task-tags';
import { TaskReviewSection } from '../../../features/reviews/components/task-review-section';
import { TaskFindingsCard } from '../../../features/findings/components/task-findings-card';
import { TaskEvidenceSection } from './task-evidence-section';

/**
 * /tasks/:id: one task with its actions, evidence, comments and history. It composes four features — the task
 * (tasks), its review (reviews), its evidence (documents) and its findings (findings) — so it lives in app/.
 */
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
          <TaskDetailView
            task={task}
            evidenceSection={<TaskEvidenceSection task={task} />}
            findingsCard={<TaskFindingsCard task={task} />}
          />
        </>
      )}
    </DetailLoad>
  );
}
