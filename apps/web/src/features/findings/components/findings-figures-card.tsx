import type { ReactNode } from 'react';
import { Alert, Card, Skeleton, Typography } from 'antd';
import { AuditOutlined, ClockCircleOutlined, FileSearchOutlined, WarningOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { FINDING_FIGURE_QUERIES, type FindingSummary } from '@rtms/shared/schemas/findings';
import type { MessageKey } from '../../../lib/i18n/messages/en';
import { useT } from '../../../lib/i18n/use-t';
import { toQueryString } from '../../../components/data/query-string';
import { useFormatters } from '../../../components/data/use-formatters';
import { useFindingSummary } from '../api/finding-summary';
import '../../../components/figure-tiles.css';

type Tone = 'neutral' | 'warning' | 'danger' | 'success';

/** Each figure with its icon and its tone for a count: what needs attention stands out, none is good news. */
const FIGURES: { key: keyof FindingSummary; label: MessageKey; icon: ReactNode; tone: (count: number) => Tone }[] = [
  {
    key: 'open',
    label: 'findings.figureOpen',
    icon: <FileSearchOutlined aria-hidden />,
    tone: (count) => (count ? 'warning' : 'success'),
  },
  {
    key: 'openHighSeverity',
    label: 'findings.figureHigh',
    icon: <WarningOutlined aria-hidden />,
    tone: (count) => (count ? 'danger' : 'success'),
  },
  {
    key: 'withOverdueActions',
    label: 'findings.figureOverdueActions',
    icon: <ClockCircleOutlined aria-hidden />,
    tone: (count) => (count ? 'danger' : 'success'),
  },
  {
    key: 'reportPending',
    label: 'findings.figureReportPending',
    icon: <AuditOutlined aria-hidden />,
    tone: (count) => (count ? 'warning' : 'neutral'),
  },
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
        <ul className="figure-tiles" aria-label={t('findings.figuresTitle')}>
          {FIGURES.map((figure) => (
            <li key={figure.key}>
              <Link
                to={findingFigureLink(figure.key, facilityId)}
                className={`dashboard-figure dashboard-figure--${figure.tone(data[figure.key])}`}
              >
                <span className="dashboard-figure__icon">{figure.icon}</span>
                <span className="dashboard-figure__body">
                  <span className="dashboard-figure__label">{t(figure.label)}</span>
                  <span className="dashboard-figure__value">{format.number(data[figure.key])}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Typography.Text type="secondary">{t('findings.facilityRule')}</Typography.Text>
    </Card>
  );
}
