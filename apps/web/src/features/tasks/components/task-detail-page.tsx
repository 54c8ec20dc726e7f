import { Alert, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import '../../../components/data/data.css';
import { PageHeader } from '../../../components/page-header';
import { StatusPage } from '../../../components/status-page';
import { useFormatters } from '../../../components/data/use-formatters';
import { useTask } from '../api/get-task';
import { TaskDetailView } from './task-detail';
import { TaskTags } from '../../../components/task-tags';

/** /tasks/:id: one task with its actions, evidence, comments and history. */
export function TaskDetailPage() {
  const { id = '' } = useParams();
  const t = useT();
  const format = useFormatters();
  const { data, error, isPending } = useTask(id);

  if (error instanceof ApiError && error.status === 404)
    return <StatusPage status="404" title="404" subTitle={t('error.notFound')} homeLabel={t('error.goHome')} />;
  if (isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (error || !data)
    return <Alert type="error" showIcon role="alert" title={t('task.loadFailed')} description={error?.message} />;
  const task = data.data;
  return (
    <>
      <Link to="/tasks" className="back-link">
        <ArrowLeftOutlined /> {t('task.back')}
      </Link>
      <PageHeader
        title={
          <Space wrap size={12}>
            <span>{task.title}</span>
            <TaskTags task={task} />
          </Space>
        }
      />
      <Typography.Paragraph type="secondary">
        {t('task.subtitle', {
          facility: task.facilityName,
          period: task.periodLabel,
          due: format.date(task.dueDate),
        })}
      </Typography.Paragraph>
      <TaskDetailView task={task} />
    </>
  );
}
