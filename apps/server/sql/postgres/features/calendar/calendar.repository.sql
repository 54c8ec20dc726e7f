-- features/calendar/calendar.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- countByDayAndState
select "tasks"."facility_id", "tasks"."due_date" as "date", case
    when "tasks"."status" = 'COMPLETED' and "tasks"."awaiting_review" = 1 then 'PENDING_REVIEW'
    when "tasks"."status" = 'COMPLETED' then 'COMPLETED'
    when "tasks"."not_applicable_reason" is not null then 'NOT_APPLICABLE'
    when "tasks"."due_date" < $1 then 'OVERDUE'
    when "tasks"."due_date" <= $2 then 'DUE_SOON'
    when "tasks"."due_date" > to_char(cast($3 as date) + (select "requirements"."lead_time_days" from "requirements" where "requirements"."id" = "tasks"."requirement_id"), 'YYYY-MM-DD') then 'UPCOMING'
    else 'OPEN' end as "state", count(*) as "count" from "tasks" where "tasks"."due_date" >= $4 and "tasks"."due_date" <= $5 and ("tasks"."facility_id" in ($6, $7) and 1 = 1) group by 1, 2, 3;
