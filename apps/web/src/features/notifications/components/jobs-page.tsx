import { Alert, App, Button, Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlayCircleOutlined } from '@ant-design/icons';
import type { Job } from '@rtms/shared/schemas/notifications';
import { PageHeader } from '../../../components/page-header';
import { useFormatters } from '../../../components/data/use-formatters';
import type { MessageKey } from '../../../lib/i18n/messages/en';
import { useT } from '../../../lib/i18n/use-t';
import { useJobs, useRunJob } from '../api/jobs';
import './notifications.css';
import { column } from '../../../components/data/common-columns';

const KNOWN_JOBS = ['task-generation', 'reminders', 'session-purge'];

/** A run's counts in one line: `sweep.created: 12 · send.sent: 3`. */
function summary(result: Record<string, unknown> | null): string {
  if (!result) return '—';
  const parts: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    } else parts.push(`${path}: ${String(value)}`);
  };
  walk(result, '');
  return parts.join(' · ');
}

/** /jobs (ALL_FACILITY_ADMIN): each daily or periodic job, its last run, and "Run now". */
export function JobsPage() {
  const t = useT();
  const format = useFormatters();
  const { message } = App.useApp();
  const jobs = useJobs();
  const run = useRunJob();
  const nameOf = (name: string) => (KNOWN_JOBS.includes(name) ? t(`jobs.job.${name}` as MessageKey) : name);

  const columns: ColumnsType<Job> = [
    column(t('jobs.name'), 'name', (job) => <Typography.Text strong>{nameOf(job.name)}</Typography.Text>),
    column(t('jobs.schedule'), 'schedule', (job) =>
      job.name === 'reminders' ? t('jobs.schedule.reminders') : t('jobs.schedule.daily'),
    ),
    column(t('jobs.lastRun'), 'lastRun', (job) =>
      job.lastRun ? (
        job.lastRun.finishedAt ? (
          format.dateTime(job.lastRun.finishedAt)
        ) : (
          t('jobs.running')
        )
      ) : (
        <Typography.Text type="secondary">{t('jobs.never')}</Typography.Text>
      ),
    ),
    column(
      t('jobs.result'),
      'result',
      (job) => <Typography.Text className="jobs-result">{summary(job.lastRun?.result ?? null)}</Typography.Text>,
      { width: 420 },
    ),
    column(<span className="visually-hidden">{t('jobs.runNow')}</span>, 'run', (job) => (
      <Button
        icon={<PlayCircleOutlined />}
        loading={run.isPending && run.variables === job.name}
        disabled={run.isPending}
        aria-label={`${t('jobs.runNow')}: ${nameOf(job.name)}`}
        onClick={() =>
          run.mutate(job.name, {
            onSuccess: () => void message.success(t('jobs.done', { name: nameOf(job.name) })),
          })
        }
      >
        {t('jobs.runNow')}
      </Button>
    )),
  ];

  return (
    <>
      <PageHeader title={t('jobs.title')} />
      {jobs.error ? (
        <Alert type="error" showIcon role="alert" title={jobs.error.message} className="page-alert" />
      ) : null}
      {run.error ? <Alert type="error" showIcon role="alert" title={run.error.message} className="page-alert" /> : null}
      <Card>
        <Table<Job>
          rowKey="name"
          columns={columns}
          dataSource={jobs.data ?? []}
          loading={jobs.isPending}
          pagination={false}
          scroll={{ x: 900 }}
        />
      </Card>
    </>
  );
}
