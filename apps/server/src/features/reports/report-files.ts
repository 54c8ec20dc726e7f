import type { ReportGroupBy, ScorecardRow, TrendRow } from '@rtms/shared/schemas/reports';

/** What a report file says about itself: which report, its period and grouping, who made it and when. */
export interface ReportFileMeta {
  from: string;
  to: string;
  groupBy: ReportGroupBy;
  generatedAt: string;
  generatedBy: string;
}

export type ReportFile =
  | { report: 'SCORECARD'; rows: ScorecardRow[]; meta: ReportFileMeta }
  | { report: 'TREND'; rows: TrendRow[]; meta: ReportFileMeta };

/** The files' words are English throughout, as the evidence packs'. */
export const GROUP_TITLE: Record<ReportGroupBy, string> = {
  facility: 'Facility',
  category: 'Category',
  programArea: 'Program area',
  regulation: 'Regulation',
};

/** A group's label as the files print it ("none" groups named, categories in words). */
export function groupLabel(groupBy: ReportGroupBy, key: string, label: string): string {
  if (key === 'none') return groupBy === 'programArea' ? 'No program area' : 'No regulation';
  if (groupBy === 'category') return key.charAt(0) + key.slice(1).toLowerCase().replaceAll('_', ' ');
  return label;
}

export const RAG_RULE =
  'Status: RED for a missed task, an on-time rate below 80 % or an open high or critical finding; AMBER for an ' +
  'open overdue task, an on-time rate below 95 % or any open finding; GREEN otherwise.';

export const DEFINITIONS =
  'Tasks due in the period: effective due date within it. On time, late and missed: completed tasks by the ' +
  'timeliness recorded at completion (awaiting review is not done). Open overdue: still to do and past due today. ' +
  'On-time rate = on time / (on time + late + missed).';

/** The file name of a report file, e.g. `scorecard-2026-01-01-to-2026-03-31.pdf`. */
export function reportFileName(file: Pick<ReportFile, 'report' | 'meta'>, extension: 'pdf' | 'xlsx'): string {
  return `${file.report.toLowerCase()}-${file.meta.from}-to-${file.meta.to}.${extension}`;
}

/** The trend's rows summed per month over the groups (the charts' series). */
export function monthTotals(rows: TrendRow[]) {
  const months = new Map<string, { onTime: number; late: number; missed: number; overdue: number }>();
  for (const row of rows) {
    const month = months.get(row.month) ?? { onTime: 0, late: 0, missed: 0, overdue: 0 };
    month.onTime += row.onTime;
    month.late += row.late;
    month.missed += row.missed;
    month.overdue += row.overdueAtMonthEnd;
    months.set(row.month, month);
  }
  return [...months].map(([month, totals]) => {
    const done = totals.onTime + totals.late + totals.missed;
    return { month, ...totals, rate: done ? totals.onTime / done : null };
  });
}
