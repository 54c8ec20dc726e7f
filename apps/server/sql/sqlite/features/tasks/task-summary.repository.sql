-- features/tasks/task-summary.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- countAwaitingReview
select "tasks"."facility_id", count(*) as "count" from "tasks" where "tasks"."awaiting_review" = ? and "tasks"."status" = ? and "tasks"."facility_id" in (?, ?) group by "tasks"."facility_id";

-- countCompletionsByMonth
select "tasks"."facility_id", substr("tasks"."completed_on", 1, 7) as "month", "tasks"."timeliness", count(*) as "count" from "tasks" where "tasks"."status" = ? and "tasks"."awaiting_review" = ? and "tasks"."completed_on" >= ? and "tasks"."facility_id" in (?, ?) group by "tasks"."facility_id", substr("tasks"."completed_on", 1, 7), "tasks"."timeliness";

-- countOpenTasks
-- (not driven by the sample arguments: Not a calendar date (YYYY-MM-DD): undefined)

-- countOverdueByFacilityAndCategory
select "tasks"."facility_id", "tasks"."category", count(*) as "count" from "tasks" where "tasks"."status" = ? and "tasks"."not_applicable_reason" is null and "tasks"."due_date" < ? and "tasks"."facility_id" in (?, ?) group by "tasks"."facility_id", "tasks"."category";

-- findFacilityLabels
select "id", "name", "code" from "facilities" where "id" in (?, ?);

-- findFacilityZonesForSummary
select "id", "time_zone" from "facilities" where "id" in (?, ?);
