-- features/tasks/tasks.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- deleteTasks
delete from "tasks" where "id" in ($1, $2);

-- findCommentsOfTask
select "users"."first_name", "users"."last_name", "users"."email", "task_comments"."id", "task_comments"."task_id", "task_comments"."body", "task_comments"."author_id", "task_comments"."created_at", "task_comments"."updated_at" from "task_comments" left join "users" on "users"."id" = "task_comments"."author_id" where "task_comments"."task_id" = $1 order by "task_comments"."created_at", "task_comments"."id";

-- findFacilitiesOfOpenTasks
select distinct "facility_id" from "tasks" where "assignee_id" = $1 and "status" = $2;

-- findTaskByBindingSequence
select * from "tasks" where "binding_id" = $1 and "sequence" = $2;

-- findTaskContext
select "tasks"."id", "tasks"."facility_id", "facilities"."time_zone", "requirements"."status" as "requirement_status", "requirements"."schedule_mode", "requirements"."frequency" as "requirement_frequency", "requirements"."weekend_shift", "requirements"."active_until", "requirements"."grace_days", "requirements"."lead_time_days", "requirements"."evidence_required", "requirements"."min_evidence", "requirements"."review_required", "requirements"."title" as "requirement_title", "requirements"."category" as "requirement_category", "requirements"."default_assignee_id", "requirement_facilities"."bound", "requirement_facilities"."applicable", "requirement_facilities"."assignee_id" as "binding_assignee_id" from "tasks" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" inner join "requirement_facilities" on "requirement_facilities"."id" = "tasks"."binding_id" inner join "facilities" on "facilities"."id" = "tasks"."facility_id" where "tasks"."id" = $1;

-- findTaskFacilityRevisions
select "facility_id", "revision" from "task_facility_revisions";

-- findTaskRowById
select * from "tasks" where "id" = $1;

-- findTasksOfBindings
select "id", "binding_id", "facility_id", "sequence", "scheduled_due_date", "due_date", "status", "touched", "completed_on", "title", "category", "frequency", "period_label", "assignee_id", "shift_holiday" from "tasks" where "binding_id" in ($1, $2) order by "binding_id", "sequence";

-- findTasksRevision
select "revision" from "tasks_revision" where "id" = $1;

-- insertTaskComment
insert into "task_comments" () values ();

-- insertTasks
insert into tasks (id,requirement_id,binding_id,facility_id,sequence,title,category,frequency,period_label,scheduled_due_date,due_date,status,assignee_id,touched,shift_holiday,created_at,updated_at) select * from unnest($1::text[],$2::text[],$3::text[],$4::text[],$5::int4[],$6::text[],$7::text[],$8::text[],$9::text[],$10::text[],$11::text[],$12::text[],$13::text[],$14::int4[],$15::text[],$16::text[],$17::text[]) on conflict (binding_id, sequence) do nothing;

-- lockTask
select id from tasks where id = $1 for update;

-- reassignOpenTasks
update "tasks" set "assignee_id" = $1, "updated_at" = $2 where "assignee_id" = $3 and "status" = $4;

-- tasksWithRequirements
select from "tasks" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id";

-- updateTaskColumns
update "tasks" set "0" = $1 where "id" = $2;
