import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import {
  REPORT_FREQUENCIES,
  REPORT_KINDS,
  type ReportFrequency,
  type ReportKind,
  type ReportSubscription,
} from '@rtms/shared/schemas/report-subscriptions';
import { REPORT_FORMATS, type ReportFormat, type ReportGroupBy } from '@rtms/shared/schemas/reports';
import { useFormatters } from '../../../components/data/use-formatters';
import { useT } from '../../../lib/i18n/use-t';
import {
  useCreateReportSubscription,
  useDeleteReportSubscription,
  useReportSubscriptions,
  useUpdateReportSubscription,
} from '../api/report-subscriptions';

/** My scheduled reports: the list, and a new one with the grouping on screen. */
export function SubscriptionsSection({ groupBy }: { groupBy: ReportGroupBy }) {
  const t = useT();
  const format = useFormatters();
  const { message } = App.useApp();
  const list = useReportSubscriptions();
  const create = useCreateReportSubscription();
  const remove = useDeleteReportSubscription();
  const update = useUpdateReportSubscription();
  const [report, setReport] = useState<ReportKind>('SCORECARD');
  const [frequency, setFrequency] = useState<ReportFrequency>('MONTHLY');
  const [fileFormat, setFileFormat] = useState<ReportFormat>('PDF');

  const schedule = async () => {
    try {
      await create.mutateAsync({ report, frequency, format: fileFormat, filters: { groupBy } });
      void message.success(t('reports.subscriptions.created'));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };

  /** Pauses a running report or resumes a stopped one (it then starts with the next period due). */
  const toggle = async (row: ReportSubscription) => {
    try {
      await update.mutateAsync({ id: row._id, body: { active: !row.active } });
      void message.success(t(row.active ? 'reports.subscriptions.pausedDone' : 'reports.subscriptions.resumedDone'));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Card title={t('reports.subscriptions')} className="report-card">
      <Typography.Paragraph type="secondary">{t('reports.subscriptions.help')}</Typography.Paragraph>
      <Flex wrap gap={8} align="center" className="report-controls">
        <Select<ReportKind>
          aria-label={t('reports.subscriptions.report')}
          value={report}
          onChange={setReport}
          options={REPORT_KINDS.map((kind) => ({ value: kind, label: t(`reports.subscriptions.${kind}`) }))}
        />
        <Select<ReportFrequency>
          aria-label={t('reports.subscriptions.frequency')}
          value={frequency}
          onChange={setFrequency}
          options={REPORT_FREQUENCIES.map((value) => ({ value, label: t(`reports.subscriptions.${value}`) }))}
        />
        <Select<ReportFormat>
          aria-label={t('reports.subscriptions.format')}
          value={fileFormat}
          onChange={setFileFormat}
          options={REPORT_FORMATS.map((value) => ({ value, label: value === 'PDF' ? 'PDF' : 'Excel' }))}
        />
        <Button type="primary" loading={create.isPending} onClick={() => void schedule()}>
          {t('reports.subscriptions.save')}
        </Button>
      </Flex>
      {list.error ? (
        <Alert type="error" showIcon role="alert" title={t('reports.subscriptions.loadFailed')} />
      ) : list.data?.data.length === 0 ? (
        // No table while there is none: an empty table's header is wider than a phone, and scrolling it sideways
        // would be a scrollable region with nothing to focus.
        <Typography.Paragraph type="secondary">{t('reports.subscriptions.empty')}</Typography.Paragraph>
      ) : (
        <Table<ReportSubscription>
          size="small"
          rowKey="_id"
          loading={list.isPending}
          dataSource={list.data?.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Typography.Text>{t('reports.subscriptions.empty')}</Typography.Text> }}
          columns={[
            {
              title: t('reports.subscriptions.report'),
              key: 'report',
              render: (_, row) => t(`reports.subscriptions.${row.report}`),
            },
            {
              title: t('reports.subscriptions.frequency'),
              key: 'frequency',
              render: (_, row) => t(`reports.subscriptions.${row.frequency}`),
            },
            {
              title: t('reports.subscriptions.format'),
              key: 'format',
              render: (_, row) => (row.format === 'PDF' ? 'PDF' : 'Excel'),
            },
            {
              title: t('reports.subscriptions.grouping'),
              key: 'groupBy',
              render: (_, row) => t(`reports.groupBy.${row.filters.groupBy}`),
            },
            {
              title: t('reports.subscriptions.state'),
              key: 'state',
              render: (_, row) =>
                row.active ? (
                  <Tag color="green">{t('reports.subscriptions.running')}</Tag>
                ) : (
                  <Tag>{t(`reports.subscriptions.stopReason.${row.stopReason ?? 'PAUSED'}`)}</Tag>
                ),
            },
            {
              title: t('reports.subscriptions.lastSent'),
              key: 'lastSentAt',
              render: (_, row) => (row.lastSentAt ? format.dateTime(row.lastSentAt) : t('reports.subscriptions.never')),
            },
            {
              title: '',
              key: 'actions',
              render: (_, row) => (
                <Space size={4}>
                  <Button
                    size="small"
                    icon={row.active ? <PauseOutlined /> : <CaretRightOutlined />}
                    aria-label={t(row.active ? 'reports.subscriptions.pause' : 'reports.subscriptions.resume')}
                    title={t(row.active ? 'reports.subscriptions.pause' : 'reports.subscriptions.resume')}
                    onClick={() => void toggle(row)}
                  />
                  <Popconfirm
                    title={t('reports.subscriptions.deleteConfirm')}
                    onConfirm={async () => {
                      await remove.mutateAsync(row._id);
                      void message.success(t('reports.subscriptions.deleted'));
                    }}
                  >
                    <Button size="small" icon={<DeleteOutlined />} aria-label={t('reports.subscriptions.delete')} />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
