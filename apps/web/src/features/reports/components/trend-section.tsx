import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Alert, Card, Empty, Skeleton, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { TREND_FIGURES, trendCellQuery, type TrendFigure } from '@rtms/shared/report-links';
import type { ReportGroupBy, TrendRow } from '@rtms/shared/schemas/reports';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { useT } from '../../../lib/i18n/use-t';
import { useTrend } from '../api/get-trend';
import { NumberLink, RateText, useGroupName } from './report-cells';
import { ReportChart } from './report-chart';
import { Legend } from './scorecard-section';

const FIGURE_LABELS = {
  due: 'reports.col.due',
  onTime: 'reports.col.onTime',
  late: 'reports.col.late',
  missed: 'reports.col.missed',
  overdueAtMonthEnd: 'reports.col.overdueAtMonthEnd',
} as const satisfies Record<TrendFigure, string>;

/** The month `YYYY-MM` in the interface language ("Mar 2026"). */
function useMonthName(): (month: string) => string {
  const intl = useIntl();
  return useCallback(
    (month) => intl.formatDate(new Date(`${month}-15T12:00:00Z`), { year: 'numeric', month: 'short', timeZone: 'UTC' }),
    [intl],
  );
}

/** The trend: completions by timeliness and the on-time rate per month (charts), and every month of every group. */
export function TrendSection({ period, groupBy }: { period: { from: string; to: string }; groupBy: ReportGroupBy }) {
  const t = useT();
  const groupName = useGroupName();
  const monthName = useMonthName();
  const { data, error, isPending } = useTrend({ ...period, groupBy });
  const rows = data?.data;
  // The server judges "overdue at month end" of the month in progress on today (UTC); the link says the same day.
  const today = todayInTimeZone('UTC');

  const totals = useMemo(() => {
    const months = new Map<string, { onTime: number; late: number; missed: number; overdue: number }>();
    for (const row of rows ?? []) {
      const month = months.get(row.month) ?? { onTime: 0, late: 0, missed: 0, overdue: 0 };
      month.onTime += row.onTime;
      month.late += row.late;
      month.missed += row.missed;
      month.overdue += row.overdueAtMonthEnd;
      months.set(row.month, month);
    }
    const list = [...months];
    return {
      labels: list.map(([month]) => monthName(month)),
      bars: [
        { name: t('reports.col.onTime'), tone: 'ontime', values: list.map(([, m]) => m.onTime) },
        { name: t('reports.col.late'), tone: 'late', values: list.map(([, m]) => m.late) },
        { name: t('reports.col.missed'), tone: 'missed', values: list.map(([, m]) => m.missed) },
      ],
      overdue: [{ name: t('reports.col.overdueAtMonthEnd'), tone: 'overdue', values: list.map(([, m]) => m.overdue) }],
      rate: [
        {
          name: t('reports.col.onTimeRate'),
          tone: 'rate',
          values: list.map(([, m]) =>
            m.onTime + m.late + m.missed ? m.onTime / (m.onTime + m.late + m.missed) : null,
          ),
        },
      ],
    };
  }, [rows, t, monthName]);

  const columns = useMemo<ColumnsType<TrendRow>>(
    () => [
      { title: t('reports.col.month'), key: 'month', render: (_, row) => monthName(row.month) },
      {
        title: t(`reports.groupBy.${groupBy}`),
        key: 'group',
        render: (_, row) => groupName(groupBy, row.key, row.label),
      },
      ...TREND_FIGURES.map((figure) => ({
        title: t(FIGURE_LABELS[figure]),
        key: figure,
        align: 'end' as const,
        render: (_: unknown, row: TrendRow) => (
          <NumberLink
            value={row[figure]}
            query={trendCellQuery(period, {}, groupBy, row.key, row.month, figure, today)}
            label={t('reports.cellLink', {
              column: t(FIGURE_LABELS[figure]),
              group: `${groupName(groupBy, row.key, row.label)}, ${monthName(row.month)}`,
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
    ],
    [t, groupBy, groupName, monthName, period, today],
  );

  return (
    <Card title={t('reports.trend')} className="report-card">
      {error ? (
        <Alert type="error" showIcon role="alert" title={t('reports.loadFailed')} description={error.message} />
      ) : isPending || !rows ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : rows.length === 0 ? (
        <Empty description={t('reports.empty')} />
      ) : (
        <>
          <div className="report-charts">
            <div>
              <Legend
                tones={[
                  ['ontime', t('reports.col.onTime')],
                  ['late', t('reports.col.late')],
                  ['missed', t('reports.col.missed')],
                ]}
              />
              <ReportChart
                kind="bar"
                labels={totals.labels}
                series={totals.bars}
                height={220}
                label={t('reports.chart.trend')}
              />
            </div>
            <div>
              <Legend tones={[['rate', t('reports.col.onTimeRate')]]} />
              <ReportChart
                kind="line"
                percent
                labels={totals.labels}
                series={totals.rate}
                height={220}
                label={t('reports.chart.rate')}
              />
            </div>
            <div>
              <Legend tones={[['overdue', t('reports.col.overdueAtMonthEnd')]]} />
              <ReportChart
                kind="bar"
                labels={totals.labels}
                series={totals.overdue}
                height={220}
                label={t('reports.chart.overdue')}
              />
            </div>
          </div>
          <Table<TrendRow>
            size="small"
            rowKey={(row) => `${row.key}:${row.month}`}
            columns={columns}
            dataSource={rows}
            pagination={{ pageSize: 12, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
          />
        </>
      )}
      <Typography.Paragraph type="secondary" className="report-rule">
        {t('reports.trendDefinitions')}
      </Typography.Paragraph>
    </Card>
  );
}
