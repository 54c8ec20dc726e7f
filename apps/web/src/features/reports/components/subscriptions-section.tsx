import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Popconfirm, Select, Table, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
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
} from '../api/report-subscriptions';

/** My scheduled reports: the list, and a new one with the grouping on screen. */
export function SubscriptionsSection({ groupBy }: { groupBy: ReportGroupBy }) {
  const t = useT();
  const format = useFormatters();
  const { message } = App.useApp();
  const list = useReportSubscriptions();
  const create = useCreateReportSubscription();
  const remove = useDeleteReportSubscription();
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
              title: t('reports.subscriptions.lastSent'),
              key: 'lastSentAt',
              render: (_, row) => (row.lastSentAt ? format.dateTime(row.lastSentAt) : t('reports.subscriptions.never')),
            },
            {
              title: '',
              key: 'actions',
              render: (_, row) => (
                <Popconfirm
                  title={t('reports.subscriptions.deleteConfirm')}
                  onConfirm={async () => {
                    await remove.mutateAsync(row._id);
                    void message.success(t('reports.subscriptions.deleted'));
                  }}
                >
                  <Button size="small" icon={<DeleteOutlined />} aria-label={t('reports.subscriptions.delete')} />
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
