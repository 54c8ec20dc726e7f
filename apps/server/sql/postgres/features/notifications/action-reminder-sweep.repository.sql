-- features/notifications/action-reminder-sweep.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- insertActionNotifications

      with x as materialized (
        select a.id as subject_id, a.owner_id, cast(julianday(a.due_date) - julianday($1) as integer) as du,
          p.first_before_days as b1, p.second_before_days as b2, p.overdue_every_days as every,
          p.escalate_facility_after_days as esc_facility, p.escalate_all_after_days as esc_all
        from corrective_actions a
        join reminder_policies p on p.frequency = 'ONCE'
        where a.facility_id = $2 and a.status = 'OPEN'
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
      
      facility_admins as materialized (
        select u.id from users u
        where u.active = 1 and u.role = 'FACILITY_ADMIN'
          and exists (select 1 from user_facilities uf where uf.user_id = u.id and uf.facility_id = $3)
      ),
      all_admins as materialized (select u.id from users u where u.active = 1 and u.role = 'ALL_FACILITY_ADMIN'),
      owned as materialized (
        select r.subject_id, r.step, r.category, u.id as user_id
        from reminder r join users u on u.id = r.owner_id
        where u.active = 1 and (u.role in ('ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER')
          or exists (select 1 from user_facilities uf where uf.user_id = u.id and uf.facility_id = $4))
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
      )
      
      insert into notifications (id, user_id, corrective_action_id, facility_id, step, category, available_at, read_at, created_at)
      select $5, rows.user_id, rows.subject_id, $6, rows.step, rows.category,
        case when p.quiet_until is not null and p.quiet_until > $7 then p.quiet_until else $8 end,
        null, $9
      from rows left join notification_preferences p on p.user_id = rows.user_id
      where true
      on conflict (corrective_action_id, step, user_id) do nothing
      returning id
    ;
