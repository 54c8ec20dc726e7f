import type { Kysely } from 'kysely';
import { addDays, addMonthsClamped, type CalendarDate } from '@rtms/shared/calendar-date';
import { FACILITY_TYPES, TASK_CATEGORIES, type ScheduleMode, type TaskFrequency } from '@rtms/shared/enums';
import { defaultGraceDays, defaultLeadTimeDays } from '@rtms/shared/recurrence';
import type { Database } from '../../db/schema';
import { newId, nowIso } from '../../platform/ids';
import { foldForSearch } from '../../platform/search-text';

/**
 * The benchmark's data set (PRODUCT §7): 200 facilities in ten countries and states, 2,000 requirements
 * (a fifth of them period-end reports) each bound to 20 facilities.
 */
const BENCH_FACILITIES = 200;
const BENCH_REQUIREMENTS = 2000;
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
  facilities: number;
  requirements: number;
  bindings: number;
}

/**
 * Seeds the benchmark data set once (idempotent: a database that has facility BENCH-0001 is left as it
 * is). Requirements are bound with a one-year backfill, so that the history has tasks to complete and
 * to be overdue. Tasks are not generated here: the benchmark times that.
 */
export async function seedBench(db: Kysely<Database>, today: CalendarDate): Promise<SeedResult> {
  const existing = await db.selectFrom('facilities').select('id').where('code', '=', codeOf(0)).executeTakeFirst();
  const counts = {
    facilities: BENCH_FACILITIES,
    requirements: BENCH_REQUIREMENTS,
    bindings: BENCH_REQUIREMENTS * FACILITIES_PER_REQUIREMENT,
  };
  if (existing) return { seeded: false, ...counts };

  const now = nowIso();
  const facilityIds: string[] = [];
  const facilities = Array.from({ length: BENCH_FACILITIES }, (_, index) => {
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
      createdAt: now,
      updatedAt: now,
    };
  });

  const frequencies = MIX.flatMap(([frequency, count]) => Array.from({ length: count }, () => frequency));
  const backfillFrom = addMonthsClamped(today, -12);
  const requirements = frequencies.slice(0, BENCH_REQUIREMENTS).map((frequency, index) => {
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
  const bindings = requirements.flatMap((requirement, index) =>
    Array.from({ length: FACILITIES_PER_REQUIREMENT }, (_, j) => ({
      id: newId(),
      requirementId: requirement.id,
      facilityId: facilityIds[(index + j * (BENCH_FACILITIES / FACILITIES_PER_REQUIREMENT)) % BENCH_FACILITIES]!,
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
