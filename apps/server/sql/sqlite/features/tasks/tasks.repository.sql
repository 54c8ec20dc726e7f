-- features/tasks/tasks.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- deleteTasks
delete from "tasks" where "id" in (?, ?);

-- findCommentsOfTask
select "users"."first_name", "users"."last_name", "users"."email", "task_comments"."id", "task_comments"."task_id", "task_comments"."body", "task_comments"."author_id", "task_comments"."created_at", "task_comments"."updated_at" from "task_comments" left join "users" on "users"."id" = "task_comments"."author_id" where "task_comments"."task_id" = ? order by "task_comments"."created_at", "task_comments"."id";

-- findFacilitiesOfOpenTasks
select distinct "facility_id" from "tasks" where "assignee_id" = ? and "status" = ?;

-- findTaskByBindingSequence
select * from "tasks" where "binding_id" = ? and "sequence" = ?;

-- findTaskContext
select "tasks"."id", "tasks"."facility_id", "facilities"."time_zone", "requirements"."status" as "requirement_status", "requirements"."schedule_mode", "requirements"."frequency" as "requirement_frequency", "requirements"."weekend_shift", "requirements"."active_until", "requirements"."grace_days", "requirements"."lead_time_days", "requirements"."evidence_required", "requirements"."min_evidence", "requirements"."review_required", "requirements"."title" as "requirement_title", "requirements"."category" as "requirement_category", "requirements"."default_assignee_id", "requirement_facilities"."bound", "requirement_facilities"."applicable", "requirement_facilities"."assignee_id" as "binding_assignee_id" from "tasks" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" inner join "requirement_facilities" on "requirement_facilities"."id" = "tasks"."binding_id" inner join "facilities" on "facilities"."id" = "tasks"."facility_id" where "tasks"."id" = ?;

-- findTaskFacilityRevisions
select "facility_id", "revision" from "task_facility_revisions";

-- findTaskRowById
select * from "tasks" where "id" = ?;

-- findTasksOfBindings
select "id", "binding_id", "facility_id", "sequence", "scheduled_due_date", "due_date", "status", "touched", "completed_on", "title", "category", "frequency", "period_label", "assignee_id", "shift_holiday" from "tasks" where "binding_id" in (?, ?) order by "binding_id", "sequence";

-- findTasksRevision
select "revision" from "tasks_revision" where "id" = ?;

-- insertTaskComment
insert into "task_comments" () values ();

-- insertTasks
insert into tasks (id,requirement_id,binding_id,facility_id,sequence,title,category,frequency,period_label,scheduled_due_date,due_date,status,assignee_id,touched,shift_holiday,created_at,updated_at) values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) on conflict (binding_id, sequence) do nothing;

-- reassignOpenTasks
update "tasks" set "assignee_id" = ?, "updated_at" = ? where "assignee_id" = ? and "status" = ?;

-- tasksWithRequirements
select from "tasks" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id";

-- updateTaskColumns
update "tasks" set "0" = ? where "id" = ?;
