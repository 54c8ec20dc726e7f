import type { ReactNode } from 'react';
import { Alert, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import {
  AMBER_BELOW_RATE,
  RED_BELOW_RATE,
  complianceStatusOf,
  type ComplianceStatus,
} from '@rtms/shared/compliance-status';
import { TREND_MONTHS, completionPeriodsOf } from '@rtms/shared/schemas/task-summary';
import { summaryFigureQueries } from '@rtms/shared/summary-links';
import { useT } from '../../../lib/i18n/use-t';
import { toQueryString } from '../../../components/data/query-string';
import type { TasksQuery } from '../../../features/tasks/api/list-tasks';
import { useFormatters } from '../../../components/data/use-formatters';
import { useTaskSummary } from '../../../features/tasks/api/get-task-summary';
import { useFindingSummary } from '../../../features/findings/api/finding-summary';
import { findingFigureLink } from '../../../features/findings/components/findings-figures-card';
import './facility-compliance.css';

const STATUS_LOOK: Record<ComplianceStatus, { color: string; icon: ReactNode }> = {
  RED: { color: 'error', icon: <CloseCircleOutlined aria-hidden /> },
  AMBER: { color: 'warning', icon: <ExclamationCircleOutlined aria-hidden /> },
  GREEN: { color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
};

/**
 * A facility's compliance at a glance: red / amber / green with what decided it and the rule written
 * beside it, the on-time rate of the last 12 months, and its open, overdue and missed tasks (each
 * linking to the Tracker list it counts).
 */
export function FacilityComplianceCard({ facilityId }: { facilityId: string }) {
  const t = useT();
  const format = useFormatters();
  const { data, error, isPending } = useTaskSummary(facilityId);
  const findings = useFindingSummary(facilityId).data;
  const percent = (value: number) => format.number(value, { style: 'percent', maximumFractionDigits: 1 });
  const link = (query: TasksQuery) => `/tasks${toQueryString({ facilityId, ...query })}`;

  if (isPending) {
    return (
      <Card title={t('facility.compliance')}>
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  }
  if (error || !data) {
    return (
      <Alert type="error" showIcon role="alert" title={t('facility.complianceFailed')} description={error?.message} />
    );
  }
  const summary = data.data;
  const links = summaryFigureQueries(summary.today, facilityId);
  const { trendFrom } = completionPeriodsOf(summary.today);
  const { rate, missed } = summary.timeliness;
  const openHighFindings = findings?.openHighSeverity ?? 0;
  const { status, reason } = complianceStatusOf({ overdue: summary.overdue, missed, rate, openHighFindings });
  const reasonText =
    reason === 'MISSED'
      ? t('facility.complianceReason.MISSED', { count: missed })
      : reason === 'HIGH_FINDINGS'
        ? t('findings.complianceReason', { count: openHighFindings })
        : reason === 'OVERDUE'
          ? t('facility.complianceReason.OVERDUE', { count: summary.overdue })
          : reason === 'LOW_RATE'
            ? t('facility.complianceReason.LOW_RATE', { rate: percent(rate ?? 0) })
            : t('facility.complianceReason.NONE');
  const figures = [
    {
      key: 'rate',
      label: t('facility.onTimeRate12'),
      value: rate === null ? t('facility.noCompletionsYet') : percent(rate),
      to: link({ status: 'COMPLETED', completedFrom: trendFrom, sort: '-completedAt' }),
    },
    {
      key: 'open',
      label: t('dashboard.open'),
      value: format.number(summary.open),
      to: link(links.open),
    },
    {
      key: 'overdue',
      label: t('dashboard.overdue'),
      value: format.number(summary.overdue),
      to: link(links.overdue),
    },
    {
      key: 'missed',
      label: t('facility.missed12'),
      value: format.number(missed),
      to: link(links.missed),
    },
    ...(findings
      ? [
          {
            key: 'findings',
            label: t('findings.figureOpen'),
            value: format.number(findings.open),
            to: findingFigureLink('open', facilityId),
          },
          {
            key: 'highFindings',
            label: t('findings.figureHigh'),
            value: format.number(findings.openHighSeverity),
            to: findingFigureLink('openHighSeverity', facilityId),
          },
          {
            key: 'overdueActions',
            label: t('findings.figureOverdueActions'),
            value: format.number(findings.withOverdueActions),
            to: findingFigureLink('withOverdueActions', facilityId),
          },
        ]
      : []),
  ];

  return (
    <Card title={t('facility.compliance')} className="facility-compliance">
      <Flex gap={12} align="center" wrap className="facility-compliance__status">
        <Tag
          color={STATUS_LOOK[status].color}
          icon={STATUS_LOOK[status].icon}
          className="facility-compliance__tag"
          data-status={status}
        >
          {t('facility.complianceStatusLabel', { status: t(`facility.complianceStatus.${status}`) })}
        </Tag>
        <Typography.Text strong>{reasonText}</Typography.Text>
      </Flex>
      <Typography.Paragraph type="secondary" className="facility-compliance__rule">
        {t('facility.complianceRule', { red: percent(RED_BELOW_RATE), amber: percent(AMBER_BELOW_RATE) })}{' '}
        {t('findings.facilityRule')}
      </Typography.Paragraph>
      <dl className="facility-compliance__figures" aria-label={t('facility.compliance')}>
        {figures.map((figure) => (
          <div key={figure.key} className="facility-compliance__figure">
            <dt>{figure.label}</dt>
            <dd>
              <Link to={figure.to}>{figure.value}</Link>
            </dd>
          </div>
        ))}
      </dl>
      <Typography.Text type="secondary" className="facility-compliance__period">
        {t('dashboard.onTimePeriod', { months: TREND_MONTHS })}
      </Typography.Text>
    </Card>
  );
}
