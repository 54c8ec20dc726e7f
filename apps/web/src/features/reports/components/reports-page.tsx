import { useMemo, useState } from 'react';
import { App, Button, DatePicker, Dropdown, Flex, Segmented, Select } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { REPORT_GROUP_BYS, type ReportFormat, type ReportGroupBy } from '@rtms/shared/schemas/reports';
import { PageHeader } from '../../../components/page-header';
import { downloadBlob } from '../../../components/data/export/download';
import { useT } from '../../../lib/i18n/use-t';
import { downloadReport } from '../api/download-report';
import {
  PERIOD_KINDS,
  TREND_SPANS,
  addressOf,
  periodOf,
  readAddress,
  trendPeriodOf,
  type ReportAddress,
} from './report-period';
import { ScorecardSection } from './scorecard-section';
import { TrendSection } from './trend-section';
import { SubscriptionsSection } from './subscriptions-section';
import './reports.css';

const ISO = 'YYYY-MM-DD';

/**
 * /reports: the scorecard of a period (month, quarter, year or any two days) grouped by facility, category, program
 * area or regulation, and the trend by month up to the period's end; charts and tables whose every number opens the
 * tasks behind it; PDF and Excel files of both. The choice is kept in the address.
 */
export function ReportsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const today = todayInTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const state = useMemo(() => readAddress(params, today), [params, today]);
  const update = (next: Partial<ReportAddress>) => setParams(addressOf({ ...state, ...next }), { replace: true });
  const period = useMemo(() => ({ from: state.from, to: state.to }), [state.from, state.to]);
  const trendPeriod = useMemo(() => trendPeriodOf(state.to, state.months), [state.to, state.months]);

  return (
    <>
      <PageHeader
        title={t('reports.title')}
        actions={
          <ExportMenu
            scorecard={{ ...period, groupBy: state.groupBy }}
            trend={{ ...trendPeriod, groupBy: state.groupBy }}
          />
        }
      />
      <Flex wrap gap={12} align="center" className="report-controls">
        <Segmented
          aria-label={t('reports.period')}
          value={state.kind}
          options={PERIOD_KINDS.map((kind) => ({ value: kind, label: t(`reports.period.${kind}`) }))}
          onChange={(kind) => {
            const next = kind as ReportAddress['kind'];
            update(
              next === 'custom'
                ? { kind: next, from: state.from, to: state.to }
                : { kind: next, ...periodOf(next, state.anchor) },
            );
          }}
        />
        {state.kind === 'custom' ? (
          <DatePicker.RangePicker
            aria-label={t('reports.customRange')}
            allowClear={false}
            value={[dayjs(state.from, ISO), dayjs(state.to, ISO)]}
            onChange={(dates) => {
              const [start, end] = dates ?? [];
              if (start && end) update({ from: start.format(ISO), to: end.format(ISO) });
            }}
          />
        ) : (
          <DatePicker
            aria-label={t(`reports.period.${state.kind}`)}
            picker={state.kind}
            allowClear={false}
            value={dayjs(state.anchor, ISO)}
            onChange={(date) => date && update({ anchor: date.format(ISO) })}
          />
        )}
        <Select<ReportGroupBy>
          aria-label={t('reports.groupBy')}
          value={state.groupBy}
          className="report-controls__select"
          options={REPORT_GROUP_BYS.map((groupBy) => ({ value: groupBy, label: t(`reports.groupBy.${groupBy}`) }))}
          onChange={(groupBy) => update({ groupBy })}
          prefix={`${t('reports.groupBy')}:`}
        />
        <Select<number>
          aria-label={t('reports.trendMonths')}
          value={state.months}
          className="report-controls__select"
          options={TREND_SPANS.map((months) => ({ value: months, label: t('reports.months', { count: months }) }))}
          onChange={(months) => update({ months })}
          prefix={`${t('reports.trendMonths')}:`}
        />
      </Flex>
      <ScorecardSection period={period} groupBy={state.groupBy} />
      <TrendSection period={trendPeriod} groupBy={state.groupBy} />
      <SubscriptionsSection groupBy={state.groupBy} />
    </>
  );
}

type Query = { from: string; to: string; groupBy: ReportGroupBy };

/** PDF (with the charts) and Excel files of the scorecard and the trend, made by the server. */
function ExportMenu({ scorecard, trend }: { scorecard: Query; trend: Query }) {
  const t = useT();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async (report: 'scorecard' | 'trend', format: ReportFormat) => {
    setBusy(true);
    try {
      const file = await downloadReport(report, report === 'scorecard' ? scorecard : trend, format);
      downloadBlob(file.blob, file.fileName ?? `${report}.${format.toLowerCase()}`);
    } catch (error) {
      void message.error(
        t('reports.exportFailed', { message: error instanceof Error ? error.message : String(error) }),
      );
    } finally {
      setBusy(false);
    }
  };
  const items = (['scorecard', 'trend'] as const).flatMap((report) =>
    (['PDF', 'XLSX'] as const).map((format) => ({
      key: `${report}-${format}`,
      label: t(`reports.export.${report}${format === 'PDF' ? 'Pdf' : 'Xlsx'}`),
      onClick: () => void run(report, format),
    })),
  );
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button icon={<DownloadOutlined />} loading={busy}>
        {t('reports.export')}
      </Button>
    </Dropdown>
  );
}
