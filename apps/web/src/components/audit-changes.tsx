import { Table, Typography } from 'antd';
import type { AuditChanges } from '@rtms/shared/schemas/audit';
import { useT } from '../lib/i18n/use-t';

/** A changed value as text: JSON for objects and arrays, "—" for none. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The fields an event changed, before and after, as a small table (the audit row's expansion). */
export function AuditChangesTable({ changes }: { changes: AuditChanges }) {
  const t = useT();
  const rows = Object.entries(changes).map(([field, change]) => ({ field, ...change }));
  if (rows.length === 0) return <Typography.Text type="secondary">{t('audit.noChanges')}</Typography.Text>;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="field"
      aria-label={t('audit.changedFields')}
      className="audit-changes"
      dataSource={rows}
      columns={[
        {
          title: t('audit.field'),
          dataIndex: 'field',
          key: 'field',
          width: '20%',
          render: (field: string) => <code>{field}</code>,
        },
        {
          title: t('audit.before'),
          key: 'before',
          render: (_, row) => <span className="audit-value audit-value--before">{auditValueText(row.before)}</span>,
        },
        {
          title: t('audit.after'),
          key: 'after',
          render: (_, row) => <span className="audit-value audit-value--after">{auditValueText(row.after)}</span>,
        },
      ]}
    />
  );
}
