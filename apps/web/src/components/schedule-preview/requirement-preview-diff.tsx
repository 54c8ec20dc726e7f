import { Empty, Flex, Table, Tag, Typography, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowRightOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import type { RequirementPreview } from '@rtms/shared/schemas/requirements';
import { useT } from '../../lib/i18n/use-t';
import { useFormatters } from '../data/use-formatters';

const PAGE_SIZE = 8;

/**
 * What saving a requirement would do to its tasks: the tasks added, moved (old → new due date) and
 * removed, per facility and period. Tasks someone has worked on never appear: they are left alone.
 */
export function RequirementPreviewDiff({ preview }: { preview: RequirementPreview }) {
  const t = useT();
  const format = useFormatters();
  const { added, moved, removed } = preview;

  if (added.length + moved.length + removed.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('preview.nothing')}
        className="requirement-preview__empty"
      />
    );
  }

  return (
    <Flex vertical gap={16} className="requirement-preview">
      <Flex gap={8} wrap role="status" aria-label={t('preview.summaryLabel')}>
        <Tag color="green" icon={<PlusOutlined aria-hidden />}>
          {t('preview.addedCount', { count: added.length })}
        </Tag>
        <Tag color="blue" icon={<ArrowRightOutlined aria-hidden />}>
          {t('preview.movedCount', { count: moved.length })}
        </Tag>
        <Tag color="red" icon={<MinusOutlined aria-hidden />}>
          {t('preview.removedCount', { count: removed.length })}
        </Tag>
      </Flex>
      <Typography.Text type="secondary">{t('preview.touchedNote')}</Typography.Text>
      <PreviewSection
        id="preview-added"
        title={t('preview.added', { count: added.length })}
        rows={added}
        rowKey={(row) => `${row.facilityId}-${row.sequence}`}
        dates={[{ title: t('task.dueDate'), key: 'due', render: (_, row) => format.date(row.dueDate) }]}
      />
      <PreviewSection
        id="preview-moved"
        title={t('preview.moved', { count: moved.length })}
        rows={moved}
        rowKey="taskId"
        dates={[
          { title: t('preview.from'), key: 'from', render: (_, row) => format.date(row.from) },
          { title: t('preview.to'), key: 'to', render: (_, row) => format.date(row.to) },
        ]}
      />
      <PreviewSection
        id="preview-removed"
        title={t('preview.removed', { count: removed.length })}
        rows={removed}
        rowKey="taskId"
        dates={[{ title: t('task.dueDate'), key: 'due', render: (_, row) => format.date(row.dueDate) }]}
      />
    </Flex>
  );
}

interface PreviewRow {
  facilityName: string;
  periodLabel: string;
  sequence: number;
}

/**
 * One part of the preview (added, moved or removed tasks), left out when it has none: a heading and a table
 * of the tasks' facility, period and number, then `dates` (the due date, or where it moves from and to).
 */
function PreviewSection<Row extends PreviewRow>({
  id,
  title,
  rows,
  rowKey,
  dates,
}: {
  id: string;
  title: string;
  rows: Row[];
  rowKey: TableProps<Row>['rowKey'];
  dates: ColumnsType<Row>;
}) {
  const t = useT();
  const format = useFormatters();
  if (!rows.length) return null;
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={5} id={id}>
        {title}
      </Typography.Title>
      <Table<Row>
        size="small"
        aria-label={title}
        rowKey={rowKey}
        dataSource={rows}
        pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
        columns={[
          { title: t('task.facility'), key: 'facility', dataIndex: 'facilityName' },
          { title: t('task.period'), key: 'period', dataIndex: 'periodLabel' },
          { title: t('task.sequence'), key: 'sequence', render: (_, row) => format.number(row.sequence + 1) },
          ...dates,
        ]}
      />
    </section>
  );
}
