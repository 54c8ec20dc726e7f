-- features/permits/permits.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- deleteConditionRow
delete from "permit_conditions" where "id" = $1;

-- findAllTasks
select "tasks"."id", "tasks"."requirement_id", "tasks"."title", "tasks"."due_date", "tasks"."scheduled_due_date", "tasks"."reschedule_reason", "tasks"."shift_holiday", "tasks"."status", "tasks"."not_applicable_reason", "tasks"."touched", "requirements"."lead_time_days" from "tasks" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" where "tasks"."requirement_id" in ($1, $2) order by "tasks"."due_date";

-- findCondition
select * from "permit_conditions" where "id" = $1 and "permit_id" = $2;

-- findConditions
select * from "permit_conditions" where "permit_id" in ($1, $2) order by "position", "created_at";

-- findDocumentForLink
select "id", "title", "kind", "facility_id", "permit_id", "archived_at" from "documents" where "id" = $1;

-- findOpenTasks
select "tasks"."id", "tasks"."requirement_id", "tasks"."title", "tasks"."due_date", "tasks"."scheduled_due_date", "tasks"."reschedule_reason", "tasks"."shift_holiday", "tasks"."status", "tasks"."not_applicable_reason", "tasks"."touched", "requirements"."lead_time_days" from "tasks" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" where "tasks"."requirement_id" in ($1, $2) and "tasks"."status" = $3 and "tasks"."not_applicable_reason" is null order by "tasks"."due_date";

-- findPermitById
select "permits".*, "facilities"."name" as "facility_name", "facilities"."code" as "facility_code", "facilities"."time_zone" as "time_zone", "next"."effective_on" as "next_version_effective_on" from "permits" inner join "facilities" on "facilities"."id" = "permits"."facility_id" left join "permits" as "next" on "next"."id" = "permits"."next_version_id" where "permits"."id" = $1;

-- findPermitDocuments
select "id", "title", "file_name", "facility_id", "kind", "permit_id" from "documents" where "permit_id" in ($1, $2) and "archived_at" is null order by "title";

-- findPermits
select "permits".*, "facilities"."name" as "facility_name", "facilities"."code" as "facility_code", "facilities"."time_zone" as "time_zone", "next"."effective_on" as "next_version_effective_on" from "permits" inner join "facilities" on "facilities"."id" = "permits"."facility_id" left join "permits" as "next" on "next"."id" = "permits"."next_version_id" where "permits"."facility_id" in ($1, $2) and "permits"."facility_id" = $3 and "permits"."type" = $4 and "permits"."expires_on" >= $5 and "permits"."expires_on" <= $6 and ("permits"."search_text" like $7 escape '\') order by "permits"."id";

-- findSupersedable
select "tasks"."id", "tasks"."requirement_id", "tasks"."title", "tasks"."due_date", "tasks"."scheduled_due_date", "tasks"."reschedule_reason", "tasks"."shift_holiday", "tasks"."status", "tasks"."not_applicable_reason", "tasks"."touched", "requirements"."lead_time_days" from "tasks" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" where "tasks"."requirement_id" in ($1, $2) and tasks.status = 'INCOMPLETE' and tasks.not_applicable_reason is null and tasks.touched = 0 and tasks.due_date >= $3 order by "tasks"."due_date";

-- findVersions
select "permits".*, "facilities"."name" as "facility_name", "facilities"."code" as "facility_code", "facilities"."time_zone" as "time_zone", "next"."effective_on" as "next_version_effective_on" from "permits" inner join "facilities" on "facilities"."id" = "permits"."facility_id" left join "permits" as "next" on "next"."id" = "permits"."next_version_id" where "permits"."lineage_id" = $1 order by "permits"."version";

-- insertCondition
insert into "permit_conditions" () values ();

-- insertPermit
insert into "permits" () values ();

-- isNumberTaken
select "id" from "permits" where "facility_id" = $1 and "number_key" = $2 and "lineage_id" <> $3;

-- linkRequirement
update "requirements" set "permit_id" = $1, "condition_id" = $2 where "id" = $3;

-- lockPermit
select id from permits where id = $1 for update;

-- setDocumentPermit
update "documents" set "permit_id" = $1, "updated_at" = $2 where "id" = $3;

-- supersedeTasks
update "tasks" set "not_applicable_reason" = $1, "touched" = $2, "updated_at" = $3 where "id" in ($4, $5);

-- updateConditionRow
update "permit_conditions" set "0" = $1 where "id" = $2;

-- updatePermitRow
update "permits" set "0" = $1 where "id" = $2;
