import { Table, Tooltip, Typography } from 'antd';
import type { AuditEvent } from '@rtms/shared/schemas/audit';
import { useT } from '../lib/i18n/use-t';
import { auditFieldLabel, auditFieldValueText } from './audit-labels';
import { column } from './data/common-columns';

export { auditValueText } from './audit-labels';

/** A changed value: the name of the object it points to (its id on hover), else the value in words. */
function AuditValue({ field, value, names }: { field: string; value: unknown; names: AuditEvent['valueNames'] }) {
  const t = useT();
  const text = auditFieldValueText(field, value, names, t);
  const named = typeof value === 'string' && names[value] !== undefined;
  return named ? (
    <Tooltip title={value}>
      <bdi>{text}</bdi>
    </Tooltip>
  ) : (
    <bdi>{text}</bdi>
  );
}

/** The fields an event changed, before and after, as a small table (the audit row's expansion). */
export function AuditChangesTable({ event }: { event: Pick<AuditEvent, 'changes' | 'valueNames'> }) {
  const t = useT();
  const rows = Object.entries(event.changes).map(([field, change]) => ({ field, ...change }));
  type Row = (typeof rows)[number];
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
          render: (field: string) => (
            <Tooltip title={field}>
              <span>{auditFieldLabel(t, field)}</span>
            </Tooltip>
          ),
        },
        column<Row>(t('audit.before'), 'before', (row) => (
          <span className="audit-value audit-value--before">
            <AuditValue field={row.field} value={row.before} names={event.valueNames} />
          </span>
        )),
        column<Row>(t('audit.after'), 'after', (row) => (
          <span className="audit-value audit-value--after">
            <AuditValue field={row.field} value={row.after} names={event.valueNames} />
          </span>
        )),
      ]}
    />
  );
}
