import { useMemo } from 'react';
import { Alert, Card, Empty, Skeleton, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SCORECARD_FIGURES, scorecardCellQuery, type ScorecardFigure } from '@rtms/shared/report-links';
import type { ReportGroupBy, ScorecardRow } from '@rtms/shared/schemas/reports';
import { useT } from '../../../lib/i18n/use-t';
import { useScorecard } from '../api/get-scorecard';
import { NumberLink, RagTag, RateText, useGroupName } from './report-cells';
import { ReportChart } from './report-chart';

/** Groups the chart draws (those with the most tasks due); the table lists every group. */
const CHART_GROUPS = 15;

const FIGURE_LABELS = {
  due: 'reports.col.due',
  onTime: 'reports.col.onTime',
  late: 'reports.col.late',
  missed: 'reports.col.missed',
  notApplicable: 'reports.col.notApplicable',
  openOverdue: 'reports.col.openOverdue',
} as const satisfies Record<ScorecardFigure, string>;

/** The scorecard: its chart, its table (every number a link to its tasks) and the status rule. */
export function ScorecardSection({
  period,
  groupBy,
}: {
  period: { from: string; to: string };
  groupBy: ReportGroupBy;
}) {
  const t = useT();
  const groupName = useGroupName();
  const { data, error, isPending } = useScorecard({ ...period, groupBy });
  const rows = data?.data;

  const columns = useMemo<ColumnsType<ScorecardRow>>(
    () => [
      {
        title: t(`reports.groupBy.${groupBy}`),
        key: 'group',
        fixed: 'left',
        render: (_, row) => groupName(groupBy, row.key, row.label),
      },
      ...SCORECARD_FIGURES.map((figure) => ({
        title: t(FIGURE_LABELS[figure]),
        key: figure,
        align: 'end' as const,
        render: (_: unknown, row: ScorecardRow) => (
          <NumberLink
            value={row[figure]}
            query={scorecardCellQuery(period, {}, groupBy, row.key, figure)}
            label={t('reports.cellLink', {
              column: t(FIGURE_LABELS[figure]),
              group: groupName(groupBy, row.key, row.label),
              value: row[figure],
            })}
          />
        ),
      })),
      {
        title: t('reports.col.onTimeRate'),
        key: 'onTimeRate',
        align: 'end',
        render: (_, row) => <RateText rate={row.onTimeRate} />,
      },
      { title: t('reports.col.openFindings'), key: 'openFindings', align: 'end', dataIndex: 'openFindings' },
      { title: t('reports.col.rag'), key: 'rag', render: (_, row) => <RagTag rag={row.rag} /> },
    ],
    [t, groupBy, groupName, period],
  );

  const chart = useMemo(() => {
    const shown = [...(rows ?? [])]
      .sort((a, b) => b.due - a.due)
      .slice(0, CHART_GROUPS)
      .reverse();
    return {
      labels: shown.map((row) => groupName(groupBy, row.key, row.label)),
      series: [
        { name: t('reports.col.onTime'), tone: 'ontime', values: shown.map((row) => row.onTime) },
        { name: t('reports.col.late'), tone: 'late', values: shown.map((row) => row.late) },
        { name: t('reports.col.missed'), tone: 'missed', values: shown.map((row) => row.missed) },
        { name: t('reports.col.openOverdue'), tone: 'overdue', values: shown.map((row) => row.openOverdue) },
      ],
      height: Math.max(160, shown.length * 28 + 40),
    };
  }, [rows, groupBy, groupName, t]);

  return (
    <Card title={t('reports.scorecard')} className="report-card">
      {error ? (
        <Alert type="error" showIcon role="alert" title={t('reports.loadFailed')} description={error.message} />
      ) : isPending || !rows ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : rows.length === 0 ? (
        <Empty description={t('reports.empty')} />
      ) : (
        <>
          <Legend />
          <ReportChart
            kind="bar"
            horizontal
            labels={chart.labels}
            series={chart.series}
            height={chart.height}
            label={t('reports.chart.scorecard', { group: t(`reports.groupBy.${groupBy}`) })}
          />
          <Table<ScorecardRow>
            size="small"
            rowKey="key"
            columns={columns}
            dataSource={rows}
            pagination={rows.length > 25 ? { pageSize: 25, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
          />
        </>
      )}
      <Typography.Paragraph type="secondary" className="report-rule">
        {t('reports.ragRule')}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" className="report-rule">
        {t('reports.definitions')}
      </Typography.Paragraph>
    </Card>
  );
}

/** The colours of the chart's series, named. */
export function Legend({ tones }: { tones?: [string, string][] }) {
  const t = useT();
  const items = tones ?? [
    ['ontime', t('reports.col.onTime')],
    ['late', t('reports.col.late')],
    ['missed', t('reports.col.missed')],
    ['overdue', t('reports.col.openOverdue')],
  ];
  return (
    <ul className="report-legend">
      {items.map(([tone, name]) => (
        <li key={tone}>
          <span className={`report-legend__swatch report-legend__swatch--${tone}`} aria-hidden />
          {name}
        </li>
      ))}
    </ul>
  );
}
