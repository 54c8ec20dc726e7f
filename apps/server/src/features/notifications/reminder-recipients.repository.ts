import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database';

/**
 * The parts the reminder sweep's two statements share (tasks in reminder-sweep.repository.ts, corrective actions
 * in action-reminder-sweep.repository.ts): the days to a due date, who hears of each reminder, and the insert
 * under the unique key that makes each reminder once.
 */

/** Days from the facility's `today` to the due date in `column` (negative once overdue), in calendar days. */
export function daysUntilDue(dialect: Dialect, column: string, today: string): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql`(${sql.raw(column)}::date - ${today}::date)`
    : sql`cast(julianday(${sql.raw(column)}) - julianday(${today}) as integer)`;
}

/**
 * The recipients' CTEs, written after `x` (subject_id, du, esc_facility, esc_all: the facility's open subjects)
 * and `reminder` (subject_id, owner_id, step, category: today's step of each), ending in `rows` (subject_id,
 * step, category, user_id). The owner hears while active and in scope (an all-facility role, or assigned to the
 * facility); a subject nobody owns so goes to the facility's admins, or the all-facility admins when it has none.
 * Escalations go to the facility's admins, then to the all-facility admins, after the policy's days overdue.
 */
export function recipientsOf(facilityId: string): RawBuilder<unknown> {
  return sql`
      facility_admins as materialized (
        select u.id from users u
        where u.active = 1 and u.role = 'FACILITY_ADMIN'
          and exists (select 1 from user_facilities uf where uf.user_id = u.id and uf.facility_id = ${facilityId})
      ),
      all_admins as materialized (select u.id from users u where u.active = 1 and u.role = 'ALL_FACILITY_ADMIN'),
      owned as materialized (
        select r.subject_id, r.step, r.category, u.id as user_id
        from reminder r join users u on u.id = r.owner_id
        where u.active = 1 and (u.role in ('ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER')
          or exists (select 1 from user_facilities uf where uf.user_id = u.id and uf.facility_id = ${facilityId}))
      ),
      rows as (
        select subject_id, step, category, user_id from owned
        union all
        select r.subject_id, r.step, r.category, a.id from reminder r cross join facility_admins a
        where not exists (select 1 from owned o where o.subject_id = r.subject_id)
        union all
        select r.subject_id, r.step, r.category, a.id from reminder r cross join all_admins a
        where not exists (select 1 from owned o where o.subject_id = r.subject_id)
          and not exists (select 1 from facility_admins)
        union all
        select x.subject_id, 'ESCALATE-FACILITY', 'ESCALATION', a.id from x cross join facility_admins a
        where -x.du >= x.esc_facility
        union all
        select x.subject_id, 'ESCALATE-ALL', 'ESCALATION', a.id from x cross join all_admins a
        where -x.du >= x.esc_all
      )`;
}

/**
 * Inserts `rows` as notifications of the subject in `subjectColumn`, available at once or when the recipient's
 * quiet time ends, under the unique key (subject, step, recipient): repeated sweeps and several instances make
 * each once. Answers the new notifications' ids.
 */
export function insertReminderRows(
  subjectColumn: 'task_id' | 'corrective_action_id',
  facilityId: string,
  now: string,
  newId: RawBuilder<string>,
): RawBuilder<unknown> {
  const subject = sql.raw(subjectColumn);
  return sql`
      insert into notifications (id, user_id, ${subject}, facility_id, step, category, available_at, read_at, created_at)
      select ${newId}, rows.user_id, rows.subject_id, ${facilityId}, rows.step, rows.category,
        case when p.quiet_until is not null and p.quiet_until > ${now} then p.quiet_until else ${now} end,
        null, ${now}
      from rows left join notification_preferences p on p.user_id = rows.user_id
      where true
      on conflict (${subject}, step, user_id) do nothing
      returning id`;
}
