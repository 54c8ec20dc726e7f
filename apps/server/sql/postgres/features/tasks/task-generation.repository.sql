-- features/tasks/task-generation.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- findActiveFacilityZones
select distinct "time_zone" from "facilities" where "status" = $1;

-- findSeriesForGeneration
select "b"."id", "b"."requirement_id", "b"."facility_id", "b"."first_due_date" as "binding_first_due_date", "b"."generate_from", "b"."sequence_offset", "b"."materialized_to", "b"."revision", "b"."assignee_id" as "binding_assignee_id", "r"."title", "r"."category", "r"."frequency", "r"."schedule_mode", "r"."first_due_date", "r"."weekend_shift", "r"."period_start_month", "r"."period_due_days", "r"."period_due_day_of_month", "r"."active_from", "r"."active_until", "r"."default_assignee_id", "f"."time_zone", "f"."country", "f"."state" from "requirement_facilities" as "b" inner join "requirements" as "r" on "r"."id" = "b"."requirement_id" inner join "facilities" as "f" on "f"."id" = "b"."facility_id" where "b"."bound" = $1 and "b"."applicable" = $2 and "r"."status" = $3 and "f"."status" = $4 and "b"."id" > $5 and ("b"."materialized_to" is null or "b"."materialized_to" < $6) order by "b"."id" limit $7;

-- markMaterialized
update requirement_facilities as b set materialized_to = v.m
           from unnest($1::text[], $2::int4[], $3::text[]) as v(id, rev, m)
           where b.id = v.id and b.revision = v.rev returning b.id;

-- refreshPlannerStatistics
analyze requirement_facilities, requirements, facilities, tasks;

-- updateColumnsOfTasks
update "tasks" set "0" = $1 where "id" in ($2, $3);
