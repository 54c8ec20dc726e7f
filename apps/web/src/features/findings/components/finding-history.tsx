import { Card, Empty, Timeline, Typography } from 'antd';
import type { FindingHistoryEntry } from '@rtms/shared/schemas/findings';
import { useT } from '../../../lib/i18n/use-t';
import { useFormatters } from '../../../components/data/use-formatters';
import './findings.css';
import {
  auditActionLabel,
  auditEntityLabel,
  auditFieldLabel,
  auditFieldValueText,
} from '../../../components/audit-labels';

const COLORS: Partial<Record<string, string>> = { COMPLETE: 'green', CLOSE: 'green', REOPEN: 'red', CANCEL: 'red' };

/** A finding's history, newest first: its own events and its actions', from the audit trail. */
export function FindingHistory({ history }: { history: FindingHistoryEntry[] }) {
  const t = useT();
  const format = useFormatters();
  const entries = [...history].reverse();
  return (
    <Card title={t('findings.history')}>
      {entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('findings.noHistory')} />
      ) : (
        <Timeline
          items={entries.map((entry) => ({
            key: entry._id,
            color: COLORS[entry.action] ?? 'blue',
            content: (
              <div className="finding-history__entry">
                <Typography.Text strong>
                  {auditEntityLabel(t, entry.entityType)} · {auditActionLabel(t, entry.action)}
                </Typography.Text>
                {entry.entityType === 'CORRECTIVE_ACTION' && entry.entityName ? (
                  <span className="finding-history__subject">
                    <bdi>{entry.entityName}</bdi>
                  </span>
                ) : null}
                <Typography.Text type="secondary" className="finding-history__meta">
                  {t('findings.historyMeta', {
                    who: entry.actorName ?? t('audit.system'),
                    when: format.dateTime(entry.at),
                  })}
                </Typography.Text>
                {Object.entries(entry.changes).map(([field, change]) => (
                  <span key={field} className="finding-history__change">
                    <span>{auditFieldLabel(t, field)}</span>
                    {': '}
                    {change.before === null || change.before === undefined
                      ? null
                      : `${auditFieldValueText(field, change.before, entry.valueNames, t)} → `}
                    {auditFieldValueText(field, change.after, entry.valueNames, t)}
                  </span>
                ))}
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
