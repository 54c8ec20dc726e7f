-- features/calendar/calendar.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- countByDayAndState
select "tasks"."facility_id", "tasks"."due_date" as "date", case
    when "tasks"."status" = 'COMPLETED' and "tasks"."awaiting_review" = 1 then 'PENDING_REVIEW'
    when "tasks"."status" = 'COMPLETED' then 'COMPLETED'
    when "tasks"."not_applicable_reason" is not null then 'NOT_APPLICABLE'
    when "tasks"."due_date" < ? then 'OVERDUE'
    when "tasks"."due_date" <= ? then 'DUE_SOON'
    when "tasks"."due_date" > date(?, '+' || (select "requirements"."lead_time_days" from "requirements" where "requirements"."id" = "tasks"."requirement_id") || ' days') then 'UPCOMING'
    else 'OPEN' end as "state", count(*) as "count" from "tasks" where "tasks"."due_date" >= ? and "tasks"."due_date" <= ? and ("tasks"."facility_id" in (?, ?) and 1 = 1) group by 1, 2, 3;
