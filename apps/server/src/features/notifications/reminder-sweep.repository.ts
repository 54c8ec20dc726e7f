import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { addDays, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { nowIso } from '../../platform/ids';
import { unitOfWork } from '../../db/unit-of-work';
import { insertActionNotifications } from './action-reminder-sweep.repository';
import { daysUntilDue, insertReminderRows, recipientsOf } from './reminder-recipients.repository';

export interface SweepResult {
  /** Facilities swept (active, past their go-live). */
  facilities: number;
  /** Notifications created by this sweep (each with its email delivery in the outbox). */
  created: number;
}

export interface SweepOptions {
  /** Told the duration of each of the sweep's statements (the benchmark's per-query figures). */
  onStatement?: (ms: number) => void;
  /** Open tasks per statement (default TASKS_PER_CHUNK; tests make it small to cross chunk boundaries). */
  tasksPerChunk?: number;
}

/**
 * Open tasks per statement on SQLite, about: a facility's reminders are computed in chunks of its due dates
 * so that no statement holds SQLite (and so the event loop: it runs in-process) for long. PostgreSQL runs
 * statements in its own processes, so there a facility is one chunk: fewer round trips (measured on a loaded
 * machine, chunks of 250 there made the second sweep four times slower).
 */
const TASKS_PER_CHUNK = 250;

/**
 * How long one transaction may take before it commits. Each SQLite commit is an fsync at synchronous=FULL
 * (measured on a loaded machine: the commits of one transaction per facility took 8.8 s of a 22 s first sweep over 500,000 tasks), so several facilities share a
 * transaction; the bound keeps other requests, which wait for the connection meanwhile, from waiting long.
 */
const TRANSACTION_BUDGET_MS = 100;

/**
 * The reminder sweep: for every open task, the one reminder step that is due today and
 * any escalation it has reached, for each recipient, inserted under the unique key (task, step,
 * recipient). Idempotent and safe on several instances at once: the insert skips existing keys, so
 * two sweeps never create one reminder twice. A sweep after downtime creates the step that is due
 * *today* (e.g. "due tomorrow", not the missed "due in 7 days"); its text is worded when it is sent.
 *
 * Set-based: per chunk of a facility's open tasks (by due date, on the facility/status/due-date index)
 * one INSERT … SELECT of the notifications and one INSERT … SELECT of their email deliveries, with the
 * event loop given back between statements; facilities share a transaction up to a time budget.
 */
export async function sweepReminders(
  db: Kysely<Database>,
  dialect: Dialect,
  now: Date,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const facilities = await db
    .selectFrom('facilities')
    .select(['id', 'timeZone', 'notifyFrom'])
    .where('status', '=', 'ACTIVE')
    .orderBy('id')
    .execute();
  const maxLead = await db
    .selectFrom('requirements')
    .select((eb) => eb.fn.max('leadTimeDays').as('lead'))
    .executeTakeFirst();
  const lead = Number(maxLead?.lead ?? 0);
  const instant = nowIso(now);
  const sweeps: FacilitySweep[] = [];
  for (const facility of facilities) {
    const today = todayInTimeZone(facility.timeZone, now);
    // Before a facility's go-live nothing is created; from that day the sweep creates what is due then.
    if (facility.notifyFrom && facility.notifyFrom > today) continue;
    sweeps.push({ facilityId: facility.id, today, horizon: addDays(today, lead), now: instant });
  }
  const timed = timer(options);
  const perChunk = options.tasksPerChunk ?? (dialect === 'sqlite' ? TASKS_PER_CHUNK : Number.POSITIVE_INFINITY);
  let created = 0;
  for (let next = 0; next < sweeps.length;) {
    created += await inWriteTransaction(db, dialect, async (trx) => {
      const started = performance.now();
      let count = 0;
      do {
        count += await sweepFacility(trx, dialect, sweeps[next]!, timed, perChunk);
        next += 1;
      } while (next < sweeps.length && performance.now() - started < TRANSACTION_BUDGET_MS);
      return count;
    });
    await yieldToEventLoop();
  }
  return { facilities: sweeps.length, created };
}

type Timed = <T>(statement: () => Promise<T>) => Promise<T>;

/** Runs a statement, tells its duration, then gives the event loop back before the next one. */
function timer(options: SweepOptions): Timed {
  return async (statement) => {
    const started = performance.now();
    const result = await statement();
    options.onStatement?.(performance.now() - started);
    await yieldToEventLoop();
    return result;
  };
}

export interface FacilitySweep {
  facilityId: string;
  today: string;
  /** The latest due date that can have a reminder today (today + the longest lead time). */
  horizon: string;
  now: string;
}

/**
 * A transaction that takes the write lock first on SQLite (BEGIN IMMEDIATE): a deferred transaction that
 * reads and then writes fails with "database is locked" when another process wrote in between, where
 * an immediate one waits its turn (busy_timeout).
 */
async function inWriteTransaction<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') return unitOfWork(db, work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/**
 * The due-date ranges [from, to] of a facility's open tasks up to the horizon, each holding about
 * `perChunk` tasks (a date is never split). Read from the facility/status/due-date index alone.
 */
async function dueDateChunks(
  db: Kysely<Database>,
  f: FacilitySweep,
  timed: Timed,
  perChunk: number,
): Promise<{ from: string; to: string }[]> {
  if (perChunk === Number.POSITIVE_INFINITY) return [{ from: '0000-01-01', to: f.horizon }];
  const days = await timed(() =>
    db
      .selectFrom('tasks')
      .select(['dueDate', (eb) => eb.fn.countAll<number>().as('count')])
      .where('facilityId', '=', f.facilityId)
      .where('status', '=', 'INCOMPLETE')
      .where('dueDate', '<=', f.horizon)
      .where('notApplicableReason', 'is', null)
      .groupBy('dueDate')
      .orderBy('dueDate')
      .execute(),
  );
  const chunks: { from: string; to: string }[] = [];
  let size = 0;
  for (const day of days) {
    const last = chunks.at(-1);
    if (!last || size >= perChunk) {
      chunks.push({ from: day.dueDate, to: day.dueDate });
      size = 0;
    } else last.to = day.dueDate;
    size += Number(day.count);
  }
  return chunks;
}

/** A facility's reminders, chunk by chunk of its open tasks; answers how many were created. */
async function sweepFacility(
  db: Kysely<Database>,
  dialect: Dialect,
  f: FacilitySweep,
  timed: Timed,
  perChunk: number,
): Promise<number> {
  let created = 0;
  for (const chunk of await dueDateChunks(db, f, timed, perChunk)) {
    const ids = await timed(() => insertNotifications(db, dialect, f, chunk));
    if (ids.length === 0) continue;
    // The email delivery of each new notification, in the same transaction: none is ever created without it.
    await timed(() => insertDeliveries(db, dialect, ids, f.now));
    created += ids.length;
  }
  // The facility's open corrective actions: a handful beside its tasks, one statement for all of them.
  const actionIds = await timed(() => insertActionNotifications(db, dialect, f, timeOrderedIdOf(dialect)));
  if (actionIds.length > 0) {
    await timed(() => insertDeliveries(db, dialect, actionIds, f.now));
    created += actionIds.length;
  }
  return created;
}

let statementSequence = 0;

/**
 * Ids made in SQL that grow with time (as UUIDv7 does): 12 hex digits of the clock's milliseconds and 4 of a
 * counter, the same for every row of one statement, then 16 random ones. New rows of a statement so land at
 * the end of the id indexes (and of the deliveries' notification index) instead of all over them, which
 * halved the pages a first sweep rewrote. 32 characters, opaque to clients like every id.
 */
function timeOrderedIdOf(dialect: Dialect): RawBuilder<string> {
  statementSequence = (statementSequence + 1) % 0x10000;
  const prefix = Date.now().toString(16).padStart(12, '0') + statementSequence.toString(16).padStart(4, '0');
  return dialect === 'postgres'
    ? sql<string>`${prefix} || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)`
    : sql<string>`${prefix} || lower(hex(randomblob(8)))`;
}

/** Inserts the notifications due today of the facility's open tasks due in [from, to]; answers their ids. */
async function insertNotifications(
  db: Kysely<Database>,
  dialect: Dialect,
  f: FacilitySweep,
  chunk: { from: string; to: string },
): Promise<string[]> {
  const newId = timeOrderedIdOf(dialect);
  // Each CTE is materialized once: SQLite would otherwise inline "x" (the facility's open tasks) into every
  // branch that reads it (measured: a second sweep over 500,000 tasks went from 3.7 s to 2.3 s on a loaded machine).
  const inserted = await sql<{ id: string }>`
      with x as materialized (
        select t.id as subject_id, t.assignee_id as owner_id, ${daysUntilDue(dialect, 't.due_date', f.today)} as du,
          q.lead_time_days as lead,
          coalesce(q.reminder_first_before_days, p.first_before_days) as b1,
          coalesce(q.reminder_second_before_days, p.second_before_days) as b2,
          p.overdue_every_days as every,
          coalesce(q.escalate_facility_after_days, p.escalate_facility_after_days) as esc_facility,
          coalesce(q.escalate_all_after_days, p.escalate_all_after_days) as esc_all
        from tasks t
        join requirements q on q.id = t.requirement_id
        join reminder_policies p on p.frequency = q.frequency
        where t.facility_id = ${f.facilityId} and t.status = 'INCOMPLETE' and t.not_applicable_reason is null
          and t.due_date >= ${chunk.from} and t.due_date <= ${chunk.to}
      ),
      reminder as materialized (
        select subject_id, owner_id,
          case
            when du < 0 then 'OVERDUE-' || cast(-du / every as text)
            when du = 0 then 'DUE'
            when b2 is not null and du <= b2 and b2 < lead then 'BEFORE-' || cast(b2 as text)
            when b1 is not null and du <= b1 and b1 < lead then 'BEFORE-' || cast(b1 as text)
            else 'OPEN'
          end as step,
          case
            when du < 0 then 'OVERDUE'
            when du = 0 then 'DUE_TODAY'
            when (b2 is not null and du <= b2 and b2 < lead) or (b1 is not null and du <= b1 and b1 < lead) then 'DUE_SOON'
            else 'TASK_OPENED'
          end as category
        from x
        -- The first days overdue (before the first weekly repeat, "OVERDUE-0") have a reminder only when the
        -- due-date one was never made (a backlog, downtime over the due date): a task overdue by 3 days is told
        -- so, never "due today", and a task whose due-date reminder went keeps the weekly cadence.
        where du <= lead and not (du < 0 and -du < every and exists (
          select 1 from notifications d where d.task_id = x.subject_id and d.step = 'DUE'))
      ),
      ${recipientsOf(f.facilityId)}
      ${insertReminderRows('task_id', f.facilityId, f.now, newId)}
    `.execute(db);
  return inserted.rows.map((row) => row.id);
}

/** One PENDING email delivery per notification of `ids` (set-based: the rows are read back by id). */
async function insertDeliveries(db: Kysely<Database>, dialect: Dialect, ids: string[], now: string): Promise<void> {
  const byId =
    dialect === 'postgres'
      ? sql`n.id = any(${ids})`
      : sql`n.id in (select value from json_each(${JSON.stringify(ids)}))`;
  await sql`
    insert into notification_deliveries (id, notification_id, recipient_id, facility_id, channel, status, attempts,
      last_error, not_before, claimed_by, claimed_until, message_id, sent_at, created_at, updated_at)
    select ${timeOrderedIdOf(dialect)}, n.id, n.user_id, n.facility_id, 'EMAIL', 'PENDING', 0,
      null, n.available_at, null, null, null, null, ${now}, ${now}
    from notifications n
    where ${byId}
    on conflict (notification_id, channel) do nothing
  `.execute(db);
}
