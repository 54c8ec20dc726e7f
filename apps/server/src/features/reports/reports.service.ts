import type { Kysely } from 'kysely';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { TASK_CATEGORIES } from '@rtms/shared/enums';
import { overdueDayOf } from '@rtms/shared/report-links';
import {
  monthsBetween,
  onTimeRateOf,
  reportRagOf,
  scorecardResponseSchema,
  trendResponseSchema,
  type ReportFormat,
  type ReportGroupBy,
  type ReportQuery,
  type ScorecardRow,
  type TrendRow,
} from '@rtms/shared/schemas/reports';
import { heavyReads } from '../../db/off-thread-reads';
import { findListRevisions } from '../../db/revisions';
import type { Database } from '../../db/schema';
import { createAnswerCache } from '../../platform/answer-cache';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { valueBytes } from '../../platform/kept';
import { createFacilityPartsCache, createFacilityRevisions, facilityIdsOf } from '../tasks/facility-parts-cache';
import type { TaskListService } from '../tasks/task-list.service';
import type { TaskFilters } from '../tasks/task-filters.repository';
import {
  countOpenFindingsByGroup,
  countOutcomes,
  findGroupLabels,
  findOverdueCandidates,
  type OutcomeCounts,
  type OutcomeRow,
} from './reports.repository';
import { reportFileName, type ReportFile } from './report-files';
import { reportPdf } from './report-pdf';
import { reportXlsx } from './report-xlsx';

/** The scorecard and the trend of the tasks in the caller's current scope (decision 043). */
export interface ReportsService {
  scorecard(principal: Pick<Principal, 'id' | 'role'>, query: ReportQuery): Promise<ScorecardRow[]>;
  trend(principal: Pick<Principal, 'id' | 'role'>, query: ReportQuery): Promise<TrendRow[]>;
  /** The same, serialized as `{data}` and kept while the tasks, their labels, the findings and the minute hold. */
  scorecardAnswer(principal: Principal, query: ReportQuery): Promise<Buffer>;
  trendAnswer(principal: Principal, query: ReportQuery): Promise<Buffer>;
  /** The report as a file (PDF with its charts, or Excel), in the caller's current scope. */
  file(
    principal: Pick<Principal, 'id' | 'role' | 'firstName' | 'lastName' | 'email'>,
    report: ReportKind,
    query: ReportQuery,
    format: ReportFormat,
  ): Promise<{ fileName: string; mediaType: string; body: Buffer }>;
}

export type ReportKind = 'SCORECARD' | 'TREND';

const MEDIA_TYPES: Record<ReportFormat, string> = {
  PDF: 'application/pdf',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** One facility's part: its outcome rows and its "overdue at month end" counts per key and month. */
interface Part {
  outcomes: OutcomeRow[];
  overdue: { key: string; month: string; count: number }[];
}

const NO_PART: Part = { outcomes: [], overdue: [] };

function zero(): OutcomeCounts {
  return { due: 0, onTime: 0, late: 0, missed: 0, notApplicable: 0, openOverdue: 0 };
}

function add(into: OutcomeCounts, row: OutcomeCounts): void {
  into.due += row.due;
  into.onTime += row.onTime;
  into.late += row.late;
  into.missed += row.missed;
  into.notApplicable += row.notApplicable;
  into.openOverdue += row.openOverdue;
}

/** The report's filters (its period, grouping and shared Tracker filters) as a Tracker filter query. */
function filterQueryOf(query: ReportQuery) {
  const { from, to, groupBy: _groupBy, ...filters } = query;
  return { ...filters, dueFrom: from, dueTo: to };
}

/** Keys in display order: categories in their list's order, other groups by label. */
function ordered(groupBy: ReportGroupBy, keys: string[], labels: Map<string, string>): string[] {
  if (groupBy === 'category') {
    return keys.sort(
      (a, b) => TASK_CATEGORIES.indexOf(a as (typeof TASK_CATEGORIES)[number]) - TASK_CATEGORIES.indexOf(b as never),
    );
  }
  return keys.sort((a, b) => (labels.get(a) ?? '').localeCompare(labels.get(b) ?? '') || (a < b ? -1 : 1));
}

export function createReportsService(db: Kysely<Database>, clock: Clock, taskList: TaskListService): ReportsService {
  const cache = createFacilityPartsCache<Part>(NO_PART, valueBytes);
  const facilityRevisions = createFacilityRevisions(db);
  const answers = createAnswerCache();

  /**
   * Each facility's part for the report, summed over the facilities of the filters. Counted per facility and kept
   * (facility-parts-cache.ts): after a write, only the facilities whose tasks moved are counted again. The key
   * holds the labels revision, since a requirement's program area or regulation decides its tasks' group.
   */
  async function partsOf(
    kind: 'scorecard' | 'trend',
    filters: TaskFilters,
    groupBy: ReportGroupBy,
    overdueDays: { month: string; day: string }[],
  ): Promise<Part[]> {
    const { tasks, labels } = await findListRevisions(db);
    const revisions = await facilityRevisions(tasks);
    const facilityIds = filters.facilityId
      ? [filters.facilityId]
      : (filters.scopeFacilityIds ?? facilityIdsOf(revisions.revisions));
    const todays = filters.todays ?? [];
    const withoutPeriod: TaskFilters = { ...filters, dueFrom: undefined, dueTo: undefined };
    return cache.get(
      JSON.stringify([kind, filters, groupBy, overdueDays, labels]),
      facilityIds,
      revisions,
      async (stale) => {
        const reader = stale ? db : heavyReads(db);
        const restrict = (given: TaskFilters) => (stale ? { ...given, scopeFacilityIds: stale } : given);
        const outcomes = await countOutcomes(reader, restrict(filters), groupBy, todays, kind === 'trend');
        const parts = new Map<string, Part>();
        const partOf = (facilityId: string) => {
          let part = parts.get(facilityId);
          if (!part) parts.set(facilityId, (part = { outcomes: [], overdue: [] }));
          return part;
        };
        for (const row of outcomes) partOf(row.facilityId).outcomes.push(row);
        if (overdueDays.length) {
          const days = overdueDays.map((entry) => entry.day).sort();
          const candidates = await findOverdueCandidates(
            reader,
            restrict(withoutPeriod),
            groupBy,
            days[0]!,
            days[days.length - 1]!,
          );
          const counts = new Map<string, Map<string, number>>();
          for (const row of candidates) {
            for (const { month, day } of overdueDays) {
              if (row.dueDate >= day || (row.completedOn !== null && row.completedOn <= day)) continue;
              const facility = counts.get(row.facilityId) ?? new Map<string, number>();
              counts.set(row.facilityId, facility);
              const at = JSON.stringify([row.key, month]);
              facility.set(at, (facility.get(at) ?? 0) + row.count);
            }
          }
          for (const [facilityId, facility] of counts) {
            for (const [at, count] of facility) {
              const [key, month] = JSON.parse(at) as [string, string];
              partOf(facilityId).overdue.push({ key, month, count });
            }
          }
        }
        return parts;
      },
      (parts) => parts,
    );
  }

  /**
   * The Tracker's filters for the report in the caller's current scope (null: a facility outside it), with each
   * facility's today when `todays`.
   */
  function filtersOf(principal: Pick<Principal, 'id' | 'role'>, query: ReportQuery, todays = true) {
    return taskList.filtersFor(principal, filterQueryOf(query), { todays });
  }

  async function scorecardOf(filters: TaskFilters | null, query: ReportQuery): Promise<ScorecardRow[]> {
    if (!filters) return [];
    const byKey = new Map<string, OutcomeCounts>();
    for (const part of await partsOf('scorecard', filters, query.groupBy, [])) {
      for (const row of part.outcomes) {
        let sum = byKey.get(row.key);
        if (!sum) byKey.set(row.key, (sum = zero()));
        add(sum, row);
      }
    }
    const keys = [...byKey.keys()];
    const [labels, findings] = await Promise.all([
      findGroupLabels(db, query.groupBy, keys),
      countOpenFindingsByGroup(db, query.groupBy, filters.scopeFacilityIds),
    ]);
    return ordered(query.groupBy, keys, labels).map((key) => {
      const counts = byKey.get(key)!;
      const onTimeRate = onTimeRateOf(counts.onTime, counts.late, counts.missed);
      const found = findings.get(key) ?? { open: 0, severe: 0 };
      return {
        key,
        label: labels.get(key) ?? (query.groupBy === 'category' ? key : ''),
        ...counts,
        onTimeRate,
        openFindings: found.open,
        rag: reportRagOf({
          missed: counts.missed,
          openOverdue: counts.openOverdue,
          onTimeRate,
          openFindings: found.open,
          severeFindings: found.severe,
        }),
      };
    });
  }

  async function trendOf(filters: TaskFilters | null, query: ReportQuery): Promise<TrendRow[]> {
    if (!filters) return [];
    // "Overdue at month end" is judged on each month's last day, or on today (UTC) for the month in progress.
    const today = todayInTimeZone('UTC', clock());
    const months = monthsBetween(query.from, query.to);
    const overdueDays = months.map((month) => ({ month, day: overdueDayOf(month, today) }));
    const byKey = new Map<string, Map<string, OutcomeCounts & { overdueAtMonthEnd: number }>>();
    const cell = (key: string, month: string) => {
      let perMonth = byKey.get(key);
      if (!perMonth) byKey.set(key, (perMonth = new Map()));
      let counts = perMonth.get(month);
      if (!counts) perMonth.set(month, (counts = { ...zero(), overdueAtMonthEnd: 0 }));
      return counts;
    };
    for (const part of await partsOf('trend', filters, query.groupBy, overdueDays)) {
      for (const row of part.outcomes) add(cell(row.key, row.month), row);
      for (const row of part.overdue) cell(row.key, row.month).overdueAtMonthEnd += row.count;
    }
    const keys = [...byKey.keys()];
    const labels = await findGroupLabels(db, query.groupBy, keys);
    return ordered(query.groupBy, keys, labels).flatMap((key) =>
      months.map((month) => {
        const counts = byKey.get(key)?.get(month) ?? { ...zero(), overdueAtMonthEnd: 0 };
        return {
          month,
          key,
          label: labels.get(key) ?? (query.groupBy === 'category' ? key : ''),
          due: counts.due,
          onTime: counts.onTime,
          late: counts.late,
          missed: counts.missed,
          overdueAtMonthEnd: counts.overdueAtMonthEnd,
          onTimeRate: onTimeRateOf(counts.onTime, counts.late, counts.missed),
        };
      }),
    );
  }

  /**
   * The answer kept per filters (the caller's current scope and each facility's today among them) and query,
   * while the tasks, their labels, the findings and the minute hold.
   */
  async function answerOf<T>(
    kind: string,
    principal: Principal,
    query: ReportQuery,
    compute: (filters: TaskFilters | null) => Promise<T>,
  ) {
    // Keyed without the facilities' todays (a read of every facility's zone): they change only on a minute
    // boundary, and the minute is in the stamp.
    const scoped = await filtersOf(principal, query, false);
    // The findings' revision too: the scorecard counts open findings (a new one shows on the very next read).
    const { tasks, labels, findings } = await findListRevisions(db, principal.listRevisions);
    const minute = Math.floor(clock().getTime() / 60_000);
    const key = JSON.stringify([kind, scoped, query.groupBy, query.from, query.to]);
    return answers.get(key, `${tasks}.${labels}.${findings}.${minute}`, async () =>
      compute(await filtersOf(principal, query)),
    );
  }

  return {
    scorecard: async (principal, query) => scorecardOf(await filtersOf(principal, query), query),
    trend: async (principal, query) => trendOf(await filtersOf(principal, query), query),
    async file(principal, report, query, format) {
      const filters = await filtersOf(principal, query);
      const meta = {
        from: query.from,
        to: query.to,
        groupBy: query.groupBy,
        generatedAt: clock().toISOString(),
        generatedBy: `${principal.firstName} ${principal.lastName}`.trim() || principal.email,
      };
      const file: ReportFile =
        report === 'SCORECARD'
          ? { report, rows: await scorecardOf(filters, query), meta }
          : { report, rows: await trendOf(filters, query), meta };
      return {
        fileName: reportFileName(file, format === 'PDF' ? 'pdf' : 'xlsx'),
        mediaType: MEDIA_TYPES[format],
        body: format === 'PDF' ? await reportPdf(file) : await reportXlsx(file),
      };
    },
    scorecardAnswer: (principal, query) =>
      answerOf('scorecard', principal, query, async (filters) =>
        scorecardResponseSchema.parse({ data: await scorecardOf(filters, query) }),
      ),
    trendAnswer: (principal, query) =>
      answerOf('trend', principal, query, async (filters) =>
        trendResponseSchema.parse({ data: await trendOf(filters, query) }),
      ),
  };
}
