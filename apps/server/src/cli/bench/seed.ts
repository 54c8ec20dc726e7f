import type { Kysely } from 'kysely';
import { addDays, addMonthsClamped, type CalendarDate } from '@rtms/shared/calendar-date';
import { FACILITY_TYPES, TASK_CATEGORIES, type ScheduleMode, type TaskFrequency } from '@rtms/shared/enums';
import { defaultGraceDays, defaultLeadTimeDays } from '@rtms/shared/recurrence';
import type { Database } from '../../db/schema';
import { newId, nowIso } from '../../platform/ids';
import { foldForSearch } from '../../platform/search-text';

/**
 * The benchmark's data set: 200 facilities in ten countries and states, 2,000 requirements
 * (a fifth of them period-end reports) each bound to 20 facilities.
 */
const BENCH_FACILITIES = 200;
export const BENCH_REQUIREMENTS = 2000;
const FACILITIES_PER_REQUIREMENT = 20;

/** Facility codes BENCH-0001 …: their presence marks a seeded database. */
const codeOf = (index: number) => `BENCH-${String(index + 1).padStart(4, '0')}`;

/** Where the bench facilities are: several countries and states, so that each has its own holiday calendar. */
const REGIONS: readonly { timeZone: string; country: string; state: string | null }[] = [
  { timeZone: 'America/New_York', country: 'US', state: 'NY' },
  { timeZone: 'America/Chicago', country: 'US', state: 'TX' },
  { timeZone: 'America/Denver', country: 'US', state: 'CO' },
  { timeZone: 'America/Phoenix', country: 'US', state: 'AZ' },
  { timeZone: 'America/Los_Angeles', country: 'US', state: 'CA' },
  { timeZone: 'America/Anchorage', country: 'US', state: 'AK' },
  { timeZone: 'Pacific/Honolulu', country: 'US', state: 'HI' },
  { timeZone: 'America/Puerto_Rico', country: 'PR', state: null },
  { timeZone: 'America/Toronto', country: 'CA', state: 'ON' },
  { timeZone: 'Europe/Berlin', country: 'DE', state: 'BY' },
];

/**
 * A realistic mix (by number of requirements): many monthly and quarterly inspections, yearly reports,
 * a few weekly checks, multi-year renewals and one-off actions. With a year of history backfilled it
 * makes about 500,000 tasks.
 */
const MIX: readonly [TaskFrequency, number][] = [
  ['WEEKLY', 100],
  ['MONTHLY', 410],
  ['QUARTERLY', 500],
  ['SEMI-ANNUAL', 200],
  ['YEARLY', 400],
  ['BIENNIAL', 60],
  ['TRIENNUAL', 50],
  ['4 YEARS', 30],
  ['5 YEARS', 60],
  ['6 YEARS', 20],
  ['10 YEARS', 40],
  ['12 YEARS', 30],
  ['ONCE', 100],
];

export interface SeedResult {
  seeded: boolean;
  /** More or fewer requirements are active than before: tasks of an earlier run no longer fit. */
  resized: boolean;
  facilities: number;
  requirements: number;
  bindings: number;
}

/**
 * Seeds the benchmark data set once (idempotent: a database that has facility BENCH-0001 is left as it
 * is). Requirements are bound with a one-year backfill, so that the history has tasks to complete and
 * to be overdue. Tasks are not generated here: the benchmark times that.
 */
export async function seedBench(
  db: Kysely<Database>,
  today: CalendarDate,
  requirementCount = BENCH_REQUIREMENTS,
): Promise<SeedResult> {
  const existing = await db
    .selectFrom('facilities')
    .select(['id', 'code'])
    .where('code', 'like', 'BENCH-%')
    .orderBy('code')
    .execute();
  const present = await countBenchRequirements(db);
  const target = Math.min(requirementCount, BENCH_REQUIREMENTS);
  await activateFirst(db, target);
  const counts = {
    resized: present !== target,
    facilities: BENCH_FACILITIES,
    requirements: target,
    bindings: target * FACILITIES_PER_REQUIREMENT,
  };
  if (existing.length === BENCH_FACILITIES && present >= target) return { seeded: false, ...counts };

  const now = nowIso();
  const facilityIds: string[] = existing.map((facility) => facility.id);
  const facilities = Array.from({ length: existing.length ? 0 : BENCH_FACILITIES }, (_, index) => {
    const id = newId();
    facilityIds.push(id);
    const name = `Bench ${FACILITY_TYPES[index % FACILITY_TYPES.length]!.toLowerCase()} site ${index + 1}`;
    return {
      id,
      name,
      nameKey: name.toLowerCase(),
      code: codeOf(index),
      type: FACILITY_TYPES[index % FACILITY_TYPES.length]!,
      status: 'ACTIVE' as const,
      ...REGIONS[index % REGIONS.length]!,
      searchText: foldForSearch(name, codeOf(index)),
      // Live from today: the year of history loaded below is not a run of new findings (as an installation that
      // loads its past sets its facilities' go-live).
      notifyFrom: today,
      createdAt: now,
      updatedAt: now,
    };
  });

  const frequencies = MIX.flatMap(([frequency, count]) => Array.from({ length: count }, () => frequency));
  const backfillFrom = addMonthsClamped(today, -12);
  // Requirement i takes the mix's entry (i × 7919) mod 2,000 (a permutation: 7919 is prime to 2,000),
  // so that any first part of the requirements (a smaller bench, BENCH_TASKS) has the whole mix.
  const indices = Array.from({ length: Math.max(0, target - present) }, (_, offset) => present + offset);
  const requirements = indices.map((index) => {
    const frequency = frequencies[(index * 7919) % BENCH_REQUIREMENTS]!;
    const title = `Bench ${frequency.toLowerCase()} obligation ${index + 1}`;
    // First due dates spread over the past two years (so series are in every phase), on any day of the month.
    const firstDueDate = addDays(addMonthsClamped(today, -24), (index * 37) % 720);
    // One in fifty after completion; one in five a period-end report (half due N days after the period,
    // half on the 28th of the following month; weekly ones always by days).
    const scheduleMode: ScheduleMode =
      frequency === 'ONCE'
        ? 'CALENDAR'
        : index % 50 === 7
          ? 'AFTER_COMPLETION'
          : index % 5 === 2
            ? 'PERIOD_END'
            : 'CALENDAR';
    const byDayOfMonth = scheduleMode === 'PERIOD_END' && frequency !== 'WEEKLY' && index % 10 === 2;
    return {
      id: newId(),
      title,
      description: null,
      regulationId: null,
      citation: `BENCH ${index + 1}`,
      programAreaId: null,
      category: TASK_CATEGORIES[index % TASK_CATEGORIES.length]!,
      frequency,
      scheduleMode,
      firstDueDate: frequency === 'ONCE' ? addDays(today, (index % 120) - 60) : firstDueDate,
      weekendShift: (['NONE', 'PREVIOUS', 'NEXT'] as const)[index % 3]!,
      periodStartMonth: 1,
      periodDueDays: scheduleMode === 'PERIOD_END' && !byDayOfMonth ? (frequency === 'WEEKLY' ? 3 : 30) : null,
      periodDueDayOfMonth: byDayOfMonth ? 28 : null,
      leadTimeDays: defaultLeadTimeDays(frequency),
      graceDays: defaultGraceDays(frequency),
      evidenceRequired: 0,
      minEvidence: 0,
      permitNumber: null,
      activeFrom: null,
      activeUntil: null,
      defaultAssigneeId: null,
      status: 'ACTIVE' as const,
      searchText: foldForSearch(title, `BENCH ${index + 1}`),
      createdAt: now,
      updatedAt: now,
    };
  });

  // Each requirement binds 20 facilities, spread so that every facility has 200 requirements.
  const bindings = requirements.flatMap((requirement, position) =>
    Array.from({ length: FACILITIES_PER_REQUIREMENT }, (_, j) => ({
      id: newId(),
      requirementId: requirement.id,
      facilityId:
        facilityIds[(indices[position]! + j * (BENCH_FACILITIES / FACILITIES_PER_REQUIREMENT)) % BENCH_FACILITIES]!,
      bound: 1,
      applicable: 1,
      notApplicableReason: null,
      assigneeId: null,
      firstDueDate: null,
      generateFrom: backfillFrom,
      sequenceOffset: 0,
      materializedTo: null,
      revision: 0,
      createdAt: now,
      updatedAt: now,
    })),
  );

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < facilities.length; i += 100)
      await trx
        .insertInto('facilities')
        .values(facilities.slice(i, i + 100))
        .execute();
    for (let i = 0; i < requirements.length; i += 100) {
      await trx
        .insertInto('requirements')
        .values(requirements.slice(i, i + 100))
        .execute();
    }
    for (let i = 0; i < bindings.length; i += 500) {
      await trx
        .insertInto('requirement_facilities')
        .values(bindings.slice(i, i + 500))
        .execute();
    }
  });
  return { seeded: true, ...counts };
}

/**
 * Only the first `count` bench requirements are active (a smaller bench on a database seeded for a
 * larger one); the others are retired, so generation leaves them out.
 */
async function activateFirst(db: Kysely<Database>, count: number): Promise<void> {
  const rows = await db
    .selectFrom('requirements')
    .select(['id', 'citation'])
    .where('citation', 'like', 'BENCH %')
    .execute();
  const position = (citation: string | null) => Number((citation ?? '').slice('BENCH '.length));
  for (const [status, keep] of [
    ['ACTIVE', (n: number) => n <= count],
    ['RETIRED', (n: number) => n > count],
  ] as const) {
    const ids = rows.filter((row) => keep(position(row.citation))).map((row) => row.id);
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .updateTable('requirements')
        .set({ status })
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
  }
}

/** The bench requirements present (their citations are BENCH 1 …). */
async function countBenchRequirements(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('requirements')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('citation', 'like', 'BENCH %')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
