-- features/permits/permits.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- deleteConditionRow
delete from "permit_conditions" where "id" = ?;

-- findAllTasks
select "tasks"."id", "tasks"."requirement_id", "tasks"."title", "tasks"."due_date", "tasks"."scheduled_due_date", "tasks"."reschedule_reason", "tasks"."shift_holiday", "tasks"."status", "tasks"."not_applicable_reason", "tasks"."touched", "requirements"."lead_time_days" from "tasks" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" where "tasks"."requirement_id" in (?, ?) order by "tasks"."due_date";

-- findCondition
select * from "permit_conditions" where "id" = ? and "permit_id" = ?;

-- findConditions
select * from "permit_conditions" where "permit_id" in (?, ?) order by "position", "created_at";

-- findDocumentForLink
select "id", "title", "kind", "facility_id", "permit_id", "archived_at" from "documents" where "id" = ?;

-- findOpenTasks
select "tasks"."id", "tasks"."requirement_id", "tasks"."title", "tasks"."due_date", "tasks"."scheduled_due_date", "tasks"."reschedule_reason", "tasks"."shift_holiday", "tasks"."status", "tasks"."not_applicable_reason", "tasks"."touched", "requirements"."lead_time_days" from "tasks" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" where "tasks"."requirement_id" in (?, ?) and "tasks"."status" = ? and "tasks"."not_applicable_reason" is null order by "tasks"."due_date";

-- findPermitById
select "permits".*, "facilities"."name" as "facility_name", "facilities"."code" as "facility_code", "facilities"."time_zone" as "time_zone", "next"."effective_on" as "next_version_effective_on" from "permits" inner join "facilities" on "facilities"."id" = "permits"."facility_id" left join "permits" as "next" on "next"."id" = "permits"."next_version_id" where "permits"."id" = ?;

-- findPermitDocuments
select "id", "title", "file_name", "facility_id", "kind", "permit_id" from "documents" where "permit_id" in (?, ?) and "archived_at" is null order by "title";

-- findPermits
select "permits".*, "facilities"."name" as "facility_name", "facilities"."code" as "facility_code", "facilities"."time_zone" as "time_zone", "next"."effective_on" as "next_version_effective_on" from "permits" inner join "facilities" on "facilities"."id" = "permits"."facility_id" left join "permits" as "next" on "next"."id" = "permits"."next_version_id" where "permits"."facility_id" in (?, ?) and "permits"."facility_id" = ? and "permits"."type" = ? and "permits"."expires_on" >= ? and "permits"."expires_on" <= ? and ("permits"."search_text" like ? escape '\') order by "permits"."id";

-- findSupersedable
select "tasks"."id", "tasks"."requirement_id", "tasks"."title", "tasks"."due_date", "tasks"."scheduled_due_date", "tasks"."reschedule_reason", "tasks"."shift_holiday", "tasks"."status", "tasks"."not_applicable_reason", "tasks"."touched", "requirements"."lead_time_days" from "tasks" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" where "tasks"."requirement_id" in (?, ?) and tasks.status = 'INCOMPLETE' and tasks.not_applicable_reason is null and tasks.touched = 0 and tasks.due_date >= ? order by "tasks"."due_date";

-- findVersions
select "permits".*, "facilities"."name" as "facility_name", "facilities"."code" as "facility_code", "facilities"."time_zone" as "time_zone", "next"."effective_on" as "next_version_effective_on" from "permits" inner join "facilities" on "facilities"."id" = "permits"."facility_id" left join "permits" as "next" on "next"."id" = "permits"."next_version_id" where "permits"."lineage_id" = ? order by "permits"."version";

-- insertCondition
insert into "permit_conditions" () values ();

-- insertPermit
insert into "permits" () values ();

-- isNumberTaken
select "id" from "permits" where "facility_id" = ? and "number_key" = ? and "lineage_id" <> ?;

-- linkRequirement
update "requirements" set "permit_id" = ?, "condition_id" = ? where "id" = ?;

-- setDocumentPermit
update "documents" set "permit_id" = ?, "updated_at" = ? where "id" = ?;

-- supersedeTasks
update "tasks" set "not_applicable_reason" = ?, "touched" = ?, "updated_at" = ? where "id" in (?, ?);

-- updateConditionRow
update "permit_conditions" set "0" = ? where "id" = ?;

-- updatePermitRow
update "permits" set "0" = ? where "id" = ?;
