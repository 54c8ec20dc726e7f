-- features/findings/findings.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- actionRows.findById
select * from "corrective_actions" where "id" = ?;

-- actionRows.findByIds
select * from "corrective_actions" where "id" in (?, ?);

-- actionRows.insert
insert into "corrective_actions" () values ();

-- actionRows.update
update "corrective_actions" set "0" = ? where "id" = ?;

-- countFindings
select count(*) as "count" from "findings" where "findings"."facility_id" in (?, ?) and "findings"."facility_id" = ? and "findings"."source" = ? and "findings"."severity" = ? and "findings"."status" = ? and "findings"."owner_id" = ? and "findings"."task_id" = ? and "findings"."permit_id" = ? and "findings"."severity" in (?, ?) and (findings.reportable = 1 and findings.reported_on is null and findings.status <> 'CANCELLED') and exists (select 1 from corrective_actions oa where oa.finding_id = findings.id
    and oa.status = 'OPEN' and (("oa"."due_date" < ? and "oa"."facility_id" in (?, ?)) or ("oa"."due_date" < ? and "oa"."facility_id" in (?, ?)))) and findings.search_text like ? escape '\';

-- findActiveFacilityZones
select "id", "time_zone", "notify_from" from "facilities" where "status" = ? order by "id";

-- findFacilityZones
select "id", "time_zone" from "facilities";

-- findFindingSettings
select * from "finding_settings" where "id" = ?;

-- findFindingWithLabels
select "findings".*, "facilities"."name" as "facility_name", "permits"."number" as "permit_number", "permits"."title" as "permit_title", "owner"."first_name" as "owner_first_name", "owner"."last_name" as "owner_last_name", "verifier"."first_name" as "verifier_first_name", "verifier"."last_name" as "verifier_last_name", "tasks"."title" as "task_title", "tasks"."period_label" as "task_period_label", (select count(*) from corrective_actions ca where ca.finding_id = findings.id
        and ca.status = 'OPEN') as "open_actions", (select count(*) from corrective_actions ca where ca.finding_id = findings.id
        and ca.status = 'OPEN' and (("ca"."due_date" < ? and "ca"."facility_id" in (?, ?)) or ("ca"."due_date" < ? and "ca"."facility_id" in (?, ?)))) as "overdue_actions" from "findings" inner join "facilities" on "facilities"."id" = "findings"."facility_id" left join "users" as "owner" on "owner"."id" = "findings"."owner_id" left join "users" as "verifier" on "verifier"."id" = "findings"."verified_by" left join "tasks" on "tasks"."id" = "findings"."task_id" left join "permits" on "permits"."id" = "findings"."permit_id" where "findings"."id" = ?;

-- findMissedCandidates
select "tasks"."id", "tasks"."title", "tasks"."period_label", "tasks"."due_date", "tasks"."requirement_id", "tasks"."assignee_id", "requirements"."grace_days", "requirements"."default_assignee_id" from "tasks" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" where "tasks"."facility_id" = ? and "tasks"."status" = ? and "tasks"."not_applicable_reason" is null and "tasks"."due_date" < ? and not exists (select "findings"."id" from "findings" where "findings"."auto_key" = ? || tasks.id) order by "tasks"."due_date", "tasks"."id";

-- findPermitFacilityId
select "facility_id" from "permits" where "id" = ?;

-- findTaskFindings
select * from "findings" where "task_id" = ? and "auto_key" is not null;

-- findingRows.findById
select * from "findings" where "id" = ?;

-- findingRows.findByIds
select * from "findings" where "id" in (?, ?);

-- findingRows.insert
insert into "findings" () values ();

-- findingRows.update
update "findings" set "0" = ? where "id" = ?;

-- insertAutomaticFindings
insert into "findings" () values () on conflict ("auto_key") do nothing returning "id";

-- listFindingRows
select count(*) as "count" from "findings" where "findings"."facility_id" in (?, ?) and "findings"."facility_id" = ? and "findings"."source" = ? and "findings"."severity" = ? and "findings"."status" = ? and "findings"."owner_id" = ? and "findings"."task_id" = ? and "findings"."permit_id" = ? and "findings"."severity" in (?, ?) and (findings.reportable = 1 and findings.reported_on is null and findings.status <> 'CANCELLED') and exists (select 1 from corrective_actions oa where oa.finding_id = findings.id
    and oa.status = 'OPEN' and (("oa"."due_date" < ? and "oa"."facility_id" in (?, ?)) or ("oa"."due_date" < ? and "oa"."facility_id" in (?, ?)))) and findings.search_text like ? escape '\';
select "findings".*, "facilities"."name" as "facility_name", "permits"."number" as "permit_number", "permits"."title" as "permit_title", "owner"."first_name" as "owner_first_name", "owner"."last_name" as "owner_last_name", "verifier"."first_name" as "verifier_first_name", "verifier"."last_name" as "verifier_last_name", "tasks"."title" as "task_title", "tasks"."period_label" as "task_period_label", (select count(*) from corrective_actions ca where ca.finding_id = findings.id
        and ca.status = 'OPEN') as "open_actions", (select count(*) from corrective_actions ca where ca.finding_id = findings.id
        and ca.status = 'OPEN' and (("ca"."due_date" < ? and "ca"."facility_id" in (?, ?)) or ("ca"."due_date" < ? and "ca"."facility_id" in (?, ?)))) as "overdue_actions" from "findings" inner join "facilities" on "facilities"."id" = "findings"."facility_id" left join "users" as "owner" on "owner"."id" = "findings"."owner_id" left join "users" as "verifier" on "verifier"."id" = "findings"."verified_by" left join "tasks" on "tasks"."id" = "findings"."task_id" left join "permits" on "permits"."id" = "findings"."permit_id" where "findings"."id" in (select "findings"."id" from "findings" where "findings"."facility_id" in (?, ?) and "findings"."facility_id" = ? and "findings"."source" = ? and "findings"."severity" = ? and "findings"."status" = ? and "findings"."owner_id" = ? and "findings"."task_id" = ? and "findings"."permit_id" = ? and "findings"."severity" in (?, ?) and (findings.reportable = 1 and findings.reported_on is null and findings.status <> 'CANCELLED') and exists (select 1 from corrective_actions oa where oa.finding_id = findings.id
    and oa.status = 'OPEN' and (("oa"."due_date" < ? and "oa"."facility_id" in (?, ?)) or ("oa"."due_date" < ? and "oa"."facility_id" in (?, ?)))) and findings.search_text like ? escape '\') order by case when "findings"."id" is null then 1 else 0 end, "findings"."id" asc, "findings"."id" limit ? offset ?;

-- overdueCondition
-- (not driven by the sample arguments: groups.filter is not a function)

-- updateFindingSettings
update "finding_settings" set  where "id" = ?;
