import { z } from 'zod';
import { addMonthsClamped, daysInMonth } from '../calendar-date';
import { TASK_CATEGORIES, TASK_FREQUENCIES } from '../enums';
import { calendarDateSchema, dataOf, idSchema, querySchema } from './common';

/** The groupings of a report: one row (or one line per month) per facility, category, program area or regulation. */
export const REPORT_GROUP_BYS = ['facility', 'category', 'programArea', 'regulation'] as const;
export type ReportGroupBy = (typeof REPORT_GROUP_BYS)[number];

/** The key of the group of tasks whose requirement has no program area (or no regulation). */
export const NO_GROUP_KEY = 'none';

/** Longest period a report covers, in calendar months (the trend's 36 months). */
export const REPORT_MAX_MONTHS = 36;

/** The months `YYYY-MM` from the month of `from` to the month of `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let day = `${from.slice(0, 7)}-01`; day.slice(0, 7) <= to.slice(0, 7); day = addMonthsClamped(day, 1)) {
    months.push(day.slice(0, 7));
    if (months.length > REPORT_MAX_MONTHS + 1) break;
  }
  return months;
}

/** The first and last day of a month `YYYY-MM`. */
export function monthBounds(month: string): { first: string; last: string } {
  const year = Number(month.slice(0, 4));
  const monthNumber = Number(month.slice(5, 7));
  return { first: `${month}-01`, last: `${month}-${String(daysInMonth(year, monthNumber)).padStart(2, '0')}` };
}

/**
 * The filters a report shares with the Tasks Tracker (the list's filters that do not judge the period or the
 * outcome, which the report's columns do). `programAreaId` and `regulationId` take `none` for tasks whose
 * requirement has none.
 */
export const reportFiltersShape = {
  facilityId: idSchema.optional(),
  requirementId: idSchema.optional(),
  programAreaId: idSchema.optional(),
  regulationId: idSchema.optional(),
  category: z.enum(TASK_CATEGORIES).optional(),
  frequency: z.enum(TASK_FREQUENCIES).optional(),
  assigneeId: idSchema.optional(),
};
export const reportFiltersSchema = z.strictObject(reportFiltersShape);
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

const reportQueryShape = {
  from: calendarDateSchema,
  to: calendarDateSchema,
  groupBy: z.enum(REPORT_GROUP_BYS, { message: `Use one of ${REPORT_GROUP_BYS.join(', ')}` }).default('facility'),
  ...reportFiltersShape,
};

/** A report's period must end on or after its first day and span at most REPORT_MAX_MONTHS months. */
function periodChecked<T extends z.ZodType<{ from: string; to: string }>>(schema: T): T {
  return schema.superRefine((query, ctx) => {
    if (query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period must end on or after its first day' });
    } else if (monthsBetween(query.from, query.to).length > REPORT_MAX_MONTHS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${REPORT_MAX_MONTHS} months` });
    }
  }) as T;
}

/** The period (`from` to `to`, both included, at most REPORT_MAX_MONTHS months) and the grouping of a report. */
export const reportQuerySchema = periodChecked(querySchema(reportQueryShape));
export type ReportQuery = z.infer<typeof reportQuerySchema>;
export type ReportQueryInput = z.input<typeof reportQuerySchema>;

export const REPORT_FORMATS = ['PDF', 'XLSX'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** GET /api/reports/scorecard/export and /trend/export: the report as a PDF (with its charts) or an Excel file. */
export const reportExportQuerySchema = periodChecked(
  querySchema({ ...reportQueryShape, format: z.enum(REPORT_FORMATS, { message: 'Use PDF or XLSX' }) }),
);
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

/** A red / amber / green status of a scorecard row. */
export const REPORT_RAGS = ['RED', 'AMBER', 'GREEN'] as const;
export type ReportRag = (typeof REPORT_RAGS)[number];

const count = z.number().int();

/**
 * One row of the scorecard: the tasks of one group due in the period (`due`, those that apply: not marked not
 * applicable), by outcome. `onTime`, `late` and `missed` are done tasks (state COMPLETED) by the timeliness
 * recorded at completion; `notApplicable` those marked not applicable; `openOverdue` those still to do and past
 * due today (state OVERDUE, each facility's today). `onTimeRate` = onTime / (onTime + late + missed), null
 * without a completion. `openFindings`: open findings of the group. `rag` by `reportRagOf`.
 */
export const scorecardRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  due: count,
  onTime: count,
  late: count,
  missed: count,
  notApplicable: count,
  openOverdue: count,
  onTimeRate: z.number().nullable(),
  openFindings: count,
  rag: z.enum(REPORT_RAGS),
});
export type ScorecardRow = z.infer<typeof scorecardRowSchema>;
export const scorecardResponseSchema = dataOf(z.array(scorecardRowSchema));
export type ScorecardResponse = z.infer<typeof scorecardResponseSchema>;

/**
 * One month of one group in the trend: the tasks due that month (within the period) by outcome, as the
 * scorecard counts them, and `overdueAtMonthEnd`: tasks still to do and past due on the month's last day (or
 * today for the month in progress), whatever their due month — those not done by the end of that day.
 */
export const trendRowSchema = z.object({
  month: z.string(),
  key: z.string(),
  label: z.string(),
  due: count,
  onTime: count,
  late: count,
  missed: count,
  overdueAtMonthEnd: count,
  onTimeRate: z.number().nullable(),
});
export type TrendRow = z.infer<typeof trendRowSchema>;
export const trendResponseSchema = dataOf(z.array(trendRowSchema));
export type TrendResponse = z.infer<typeof trendResponseSchema>;

/** Red below this on-time rate (or any missed task, or a high or critical open finding). */
export const REPORT_RED_BELOW_RATE = 0.8;
/** Amber below this on-time rate (or any open overdue task or open finding). */
export const REPORT_AMBER_BELOW_RATE = 0.95;

export interface RagInput {
  missed: number;
  openOverdue: number;
  onTimeRate: number | null;
  openFindings: number;
  /** Open findings of severity HIGH or CRITICAL. */
  severeFindings: number;
}

/**
 * The status of a scorecard row, the rule written beside it on screen:
 * RED — a task missed in the period, an on-time rate below 80 %, or an open HIGH or CRITICAL finding;
 * AMBER — a task of the period overdue now, an on-time rate below 95 %, or any open finding;
 * GREEN — otherwise (no completion yet is no evidence against the group).
 */
export function reportRagOf(row: RagInput): ReportRag {
  if (row.missed > 0 || row.severeFindings > 0) return 'RED';
  if (row.onTimeRate !== null && row.onTimeRate < REPORT_RED_BELOW_RATE) return 'RED';
  if (row.openOverdue > 0 || row.openFindings > 0) return 'AMBER';
  if (row.onTimeRate !== null && row.onTimeRate < REPORT_AMBER_BELOW_RATE) return 'AMBER';
  return 'GREEN';
}

/** On time / all completions, null without any. */
export function onTimeRateOf(onTime: number, late: number, missed: number): number | null {
  const done = onTime + late + missed;
  return done ? onTime / done : null;
}
