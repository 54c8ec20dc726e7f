import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { FacilitySweep } from './reminder-sweep.repository';
import { daysUntilDue, insertReminderRows, recipientsOf } from './reminder-recipients.repository';

/**
 * The corrective actions' reminders of one facility, made by the reminder sweep beside its tasks' and sent
 * through the same outbox. An action is a one-off deadline, so it follows the policy of one-off tasks (frequency
 * ONCE: "due soon" 7 and 1 days before, overdue every 7 days, escalated to the facility's admins after 7 days
 * overdue and to the all-facility admins after 30), counted in the facility's own calendar days. Only OPEN actions
 * are reminded: a done or cancelled one gets nothing more.
 *
 * The owner hears of the steps (category CORRECTIVE_ACTION, which they may turn off for email); who else hears, the
 * escalations and the unique key are a task's (reminder-recipients.repository.ts).
 */
export async function insertActionNotifications(
  db: Kysely<Database>,
  dialect: Dialect,
  f: FacilitySweep,
  newId: RawBuilder<string>,
): Promise<string[]> {
  const inserted = await sql<{ id: string }>`
      with x as materialized (
        select a.id as subject_id, a.owner_id, ${daysUntilDue(dialect, 'a.due_date', f.today)} as du,
          p.first_before_days as b1, p.second_before_days as b2, p.overdue_every_days as every,
          p.escalate_facility_after_days as esc_facility, p.escalate_all_after_days as esc_all
        from corrective_actions a
        join reminder_policies p on p.frequency = 'ONCE'
        where a.facility_id = ${f.facilityId} and a.status = 'OPEN'
      ),
      reminder as materialized (
        select subject_id, owner_id,
          case
            when du < 0 then 'OVERDUE-' || cast(-du / every as text)
            when du = 0 then 'DUE'
            when b2 is not null and du <= b2 then 'BEFORE-' || cast(b2 as text)
            else 'BEFORE-' || cast(b1 as text)
          end as step,
          'CORRECTIVE_ACTION' as category
        from x
        -- As for tasks: the first days overdue are told only when the due-date reminder was never made.
        where (du <= 0 or (b1 is not null and du <= b1) or (b2 is not null and du <= b2))
          and not (du < 0 and -du < every and exists (
            select 1 from notifications d where d.corrective_action_id = x.subject_id and d.step = 'DUE'))
      ),
      ${recipientsOf(f.facilityId)}
      ${insertReminderRows('corrective_action_id', f.facilityId, f.now, newId)}
    `.execute(db);
  return inserted.rows.map((row) => row.id);
}
