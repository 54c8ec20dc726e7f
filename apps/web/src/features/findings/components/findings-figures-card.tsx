import { Alert, Card, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { FINDING_FIGURE_QUERIES, type FindingSummary } from '@rtms/shared/schemas/findings';
import type { MessageKey } from '../../../lib/i18n/messages/en';
import { useT } from '../../../lib/i18n/use-t';
import { toQueryString } from '../../../components/data/query-string';
import { useFormatters } from '../../../components/data/use-formatters';
import { useFindingSummary } from '../api/finding-summary';

const FIGURES: { key: keyof FindingSummary; label: MessageKey }[] = [
  { key: 'open', label: 'findings.figureOpen' },
  { key: 'openHighSeverity', label: 'findings.figureHigh' },
  { key: 'withOverdueActions', label: 'findings.figureOverdueActions' },
  { key: 'reportPending', label: 'findings.figureReportPending' },
];

/** The link of a findings figure: the list whose total it is (of one facility when given). */
export function findingFigureLink(key: keyof FindingSummary, facilityId?: string): string {
  return `/findings${toQueryString({ ...FINDING_FIGURE_QUERIES[key], facilityId })}`;
}

/**
 * The findings figures of the dashboard (my scope) or of a facility's page: open findings, open ones of HIGH or
 * CRITICAL severity, those with overdue actions, and reports to the agency still due; each links to its list.
 */
export function FindingsFiguresCard({ facilityId }: { facilityId?: string }) {
  const t = useT();
  const format = useFormatters();
  const { data, error, isPending } = useFindingSummary(facilityId);
  return (
    <Card title={t('findings.figuresTitle')} className="findings-figures">
      {isPending ? <Skeleton active paragraph={{ rows: 1 }} /> : null}
      {error ? <Alert type="error" showIcon role="alert" title={error.message} /> : null}
      {data ? (
        <dl className="facility-compliance__figures" aria-label={t('findings.figuresTitle')}>
          {FIGURES.map((figure) => (
            <div key={figure.key} className="facility-compliance__figure">
              <dt>{t(figure.label)}</dt>
              <dd>
                <Link to={findingFigureLink(figure.key, facilityId)}>{format.number(data[figure.key])}</Link>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Typography.Text type="secondary">{t('findings.facilityRule')}</Typography.Text>
    </Card>
  );
}
