-- features/tasks/task-generation.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- findActiveFacilityZones
select distinct "time_zone" from "facilities" where "status" = ?;

-- findSeriesForGeneration
select "b"."id", "b"."requirement_id", "b"."facility_id", "b"."first_due_date" as "binding_first_due_date", "b"."generate_from", "b"."sequence_offset", "b"."materialized_to", "b"."revision", "b"."assignee_id" as "binding_assignee_id", "r"."title", "r"."category", "r"."frequency", "r"."schedule_mode", "r"."first_due_date", "r"."weekend_shift", "r"."period_start_month", "r"."period_due_days", "r"."period_due_day_of_month", "r"."active_from", "r"."active_until", "r"."default_assignee_id", "f"."time_zone", "f"."country", "f"."state" from "requirement_facilities" as "b" inner join "requirements" as "r" on "r"."id" = "b"."requirement_id" inner join "facilities" as "f" on "f"."id" = "b"."facility_id" where "b"."bound" = ? and "b"."applicable" = ? and "r"."status" = ? and "f"."status" = ? and "b"."id" > ? and ("b"."materialized_to" is null or "b"."materialized_to" < ?) order by "b"."id" limit ?;

-- markMaterialized
update requirement_facilities set materialized_to = v.m
           from (select column1 as id, column2 as rev, column3 as m from (values (?,?,?))) as v
           where requirement_facilities.id = v.id and requirement_facilities.revision = v.rev
           returning requirement_facilities.id;

-- updateColumnsOfTasks
update "tasks" set "0" = ? where "id" in (?, ?);
