import { Empty, Flex, Table, Tag, Typography } from 'antd';
import { ArrowRightOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import type { RequirementPreview } from '@rtms/shared/schemas/requirements';
import { useT } from '../../../lib/i18n/use-t';
import { useFormatters } from '../../../components/data/use-formatters';

const PAGE_SIZE = 8;

/**
 * What saving a requirement would do to its tasks: the tasks added, moved (old → new due date) and
 * removed, per facility and period. Tasks someone has worked on never appear: they are left alone.
 */
export function RequirementPreviewDiff({ preview }: { preview: RequirementPreview }) {
  const t = useT();
  const format = useFormatters();
  const { added, moved, removed } = preview;
  const pagination = (count: number) => (count > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false);

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
      {added.length ? (
        <section aria-labelledby="preview-added">
          <Typography.Title level={5} id="preview-added">
            {t('preview.added', { count: added.length })}
          </Typography.Title>
          <Table
            size="small"
            aria-label={t('preview.added', { count: added.length })}
            rowKey={(row) => `${row.facilityId}-${row.sequence}`}
            dataSource={added}
            pagination={pagination(added.length)}
            columns={[
              { title: t('task.facility'), key: 'facility', dataIndex: 'facilityName' },
              { title: t('task.period'), key: 'period', dataIndex: 'periodLabel' },
              { title: t('task.sequence'), key: 'sequence', render: (_, row) => format.number(row.sequence + 1) },
              { title: t('task.dueDate'), key: 'due', render: (_, row) => format.date(row.dueDate) },
            ]}
          />
        </section>
      ) : null}
      {moved.length ? (
        <section aria-labelledby="preview-moved">
          <Typography.Title level={5} id="preview-moved">
            {t('preview.moved', { count: moved.length })}
          </Typography.Title>
          <Table
            size="small"
            aria-label={t('preview.moved', { count: moved.length })}
            rowKey="taskId"
            dataSource={moved}
            pagination={pagination(moved.length)}
            columns={[
              { title: t('task.facility'), key: 'facility', dataIndex: 'facilityName' },
              { title: t('task.period'), key: 'period', dataIndex: 'periodLabel' },
              { title: t('task.sequence'), key: 'sequence', render: (_, row) => format.number(row.sequence + 1) },
              { title: t('preview.from'), key: 'from', render: (_, row) => format.date(row.from) },
              { title: t('preview.to'), key: 'to', render: (_, row) => format.date(row.to) },
            ]}
          />
        </section>
      ) : null}
      {removed.length ? (
        <section aria-labelledby="preview-removed">
          <Typography.Title level={5} id="preview-removed">
            {t('preview.removed', { count: removed.length })}
          </Typography.Title>
          <Table
            size="small"
            aria-label={t('preview.removed', { count: removed.length })}
            rowKey="taskId"
            dataSource={removed}
            pagination={pagination(removed.length)}
            columns={[
              { title: t('task.facility'), key: 'facility', dataIndex: 'facilityName' },
              { title: t('task.period'), key: 'period', dataIndex: 'periodLabel' },
              { title: t('task.sequence'), key: 'sequence', render: (_, row) => format.number(row.sequence + 1) },
              { title: t('task.dueDate'), key: 'due', render: (_, row) => format.date(row.dueDate) },
            ]}
          />
        </section>
      ) : null}
    </Flex>
  );
}
