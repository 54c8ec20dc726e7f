import { addDays, addMonthsClamped } from '@rtms/shared/calendar-date';
import { REPORT_GROUP_BYS, REPORT_MAX_MONTHS, type ReportGroupBy } from '@rtms/shared/schemas/reports';

/** How the period is chosen: a calendar month, quarter or year around a day, or any two days. */
export const PERIOD_KINDS = ['month', 'quarter', 'year', 'custom'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** Months the trend shows, ending with the period's last month. */
export const TREND_SPANS = [12, 24, REPORT_MAX_MONTHS] as const;

export interface ReportAddress {
  kind: PeriodKind;
  /** A day inside the period (month, quarter, year). */
  anchor: string;
  from: string;
  to: string;
  groupBy: ReportGroupBy;
  months: number;
}

function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The first and last day of the month, quarter or year that holds `anchor`. */
export function periodOf(kind: Exclude<PeriodKind, 'custom'>, anchor: string): { from: string; to: string } {
  const month = Number(anchor.slice(5, 7));
  const first =
    kind === 'month'
      ? monthStart(anchor)
      : kind === 'quarter'
        ? `${anchor.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`
        : `${anchor.slice(0, 4)}-01-01`;
  const length = kind === 'month' ? 1 : kind === 'quarter' ? 3 : 12;
  return { from: first, to: addDays(addMonthsClamped(first, length), -1) };
}

/** The trend's months: `months` of them ending with the month of `to`. */
export function trendPeriodOf(to: string, months: number): { from: string; to: string } {
  const end = addDays(addMonthsClamped(monthStart(to), 1), -1);
  return { from: addMonthsClamped(monthStart(to), -(months - 1)), to: end };
}

const isDay = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The report's state read from the address (missing or bad values fall back to this quarter by facility). */
export function readAddress(params: URLSearchParams, today: string): ReportAddress {
  const kindParam = params.get('period');
  const kind = (PERIOD_KINDS as readonly string[]).includes(kindParam ?? '') ? (kindParam as PeriodKind) : 'quarter';
  const groupParam = params.get('groupBy');
  const groupBy = (REPORT_GROUP_BYS as readonly string[]).includes(groupParam ?? '')
    ? (groupParam as ReportGroupBy)
    : 'facility';
  const monthsParam = Number(params.get('months'));
  const months = (TREND_SPANS as readonly number[]).includes(monthsParam) ? monthsParam : 12;
  const anchorParam = params.get('anchor');
  const anchor = isDay(anchorParam) ? anchorParam : today;
  if (kind === 'custom') {
    const from = params.get('from');
    const to = params.get('to');
    if (isDay(from) && isDay(to) && from <= to) return { kind, anchor, from, to, groupBy, months };
    return { kind, anchor, ...periodOf('quarter', today), groupBy, months };
  }
  return { kind, anchor, ...periodOf(kind, anchor), groupBy, months };
}

/** The address of a report state (only what differs from the defaults). */
export function addressOf(state: ReportAddress): Record<string, string> {
  const params: Record<string, string> = { period: state.kind, groupBy: state.groupBy, months: String(state.months) };
  if (state.kind === 'custom') Object.assign(params, { from: state.from, to: state.to });
  else params.anchor = state.anchor;
  return params;
}
