-- features/findings/findings.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- actionRows.findById
select * from "corrective_actions" where "id" = $1;

-- actionRows.findByIds
select * from "corrective_actions" where "id" in ($1, $2);

-- actionRows.insert
insert into "corrective_actions" () values ();

-- actionRows.update
update "corrective_actions" set "0" = $1 where "id" = $2;

-- countFindings
select count(*) as "count" from "findings" where "findings"."facility_id" in ($1, $2) and "findings"."facility_id" = $3 and "findings"."source" = $4 and "findings"."severity" = $5 and "findings"."status" = $6 and "findings"."owner_id" = $7 and "findings"."task_id" = $8 and "findings"."permit_id" = $9 and "findings"."severity" in ($10, $11) and (findings.reportable = 1 and findings.reported_on is null and findings.status <> 'CANCELLED') and exists (select 1 from corrective_actions oa where oa.finding_id = findings.id
    and oa.status = 'OPEN' and (("oa"."due_date" < $12 and "oa"."facility_id" in ($13, $14)) or ("oa"."due_date" < $15 and "oa"."facility_id" in ($16, $17)))) and findings.search_text like $18 escape '\';

-- findActiveFacilityZones
select "id", "time_zone", "notify_from" from "facilities" where "status" = $1 order by "id";

-- findFacilityZones
select "id", "time_zone" from "facilities";

-- findFindingSettings
select * from "finding_settings" where "id" = $1;

-- findFindingWithLabels
select "findings".*, "facilities"."name" as "facility_name", "permits"."number" as "permit_number", "permits"."title" as "permit_title", "owner"."first_name" as "owner_first_name", "owner"."last_name" as "owner_last_name", "verifier"."first_name" as "verifier_first_name", "verifier"."last_name" as "verifier_last_name", "tasks"."title" as "task_title", "tasks"."period_label" as "task_period_label", (select count(*) from corrective_actions ca where ca.finding_id = findings.id
        and ca.status = 'OPEN') as "open_actions", (select count(*) from corrective_actions ca where ca.finding_id = findings.id
        and ca.status = 'OPEN' and (("ca"."due_date" < $1 and "ca"."facility_id" in ($2, $3)) or ("ca"."due_date" < $4 and "ca"."facility_id" in ($5, $6)))) as "overdue_actions" from "findings" inner join "facilities" on "facilities"."id" = "findings"."facility_id" left join "users" as "owner" on "owner"."id" = "findings"."owner_id" left join "users" as "verifier" on "verifier"."id" = "findings"."verified_by" left join "tasks" on "tasks"."id" = "findings"."task_id" left join "permits" on "permits"."id" = "findings"."permit_id" where "findings"."id" = $7;

-- findMissedCandidates
select "tasks"."id", "tasks"."title", "tasks"."period_label", "tasks"."due_date", "tasks"."requirement_id", "tasks"."assignee_id", "requirements"."grace_days", "requirements"."default_assignee_id" from "tasks" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" where "tasks"."facility_id" = $1 and "tasks"."status" = $2 and "tasks"."not_applicable_reason" is null and "tasks"."due_date" < $3 and not exists (select "findings"."id" from "findings" where "findings"."auto_key" = $4 || tasks.id) order by "tasks"."due_date", "tasks"."id";

-- findPermitFacilityId
select "facility_id" from "permits" where "id" = $1;

-- findTaskFindings
select * from "findings" where "task_id" = $1 and "auto_key" is not null;

-- findingRows.findById
select * from "findings" where "id" = $1;

-- findingRows.findByIds
select * from "findings" where "id" in ($1, $2);

-- findingRows.insert
insert into "findings" () values ();

-- findingRows.update
update "findings" set "0" = $1 where "id" = $2;

-- insertAutomaticFindings
insert into "findings" () values () on conflict ("auto_key") do nothing returning "id";

-- listFindingRows
select count(*) as "count" from "findings" where "findings"."facility_id" in ($1, $2) and "findings"."facility_id" = $3 and "findings"."source" = $4 and "findings"."severity" = $5 and "findings"."status" = $6 and "findings"."owner_id" = $7 and "findings"."task_id" = $8 and "findings"."permit_id" = $9 and "findings"."severity" in ($10, $11) and (findings.reportable = 1 and findings.reported_on is null and findings.status <> 'CANCELLED') and exists (select 1 from corrective_actions oa where oa.finding_id = findings.id
    and oa.status = 'OPEN' and (("oa"."due_date" < $12 and "oa"."facility_id" in ($13, $14)) or ("oa"."due_date" < $15 and "oa"."facility_id" in ($16, $17)))) and findings.search_text like $18 escape '\';
select "findings".*, "facilities"."name" as "facility_name", "permits"."number" as "permit_number", "permits"."title" as "permit_title", "owner"."first_name" as "owner_first_name", "owner"."last_name" as "owner_last_name", "verifier"."first_name" as "verifier_first_name", "verifier"."last_name" as "verifier_last_name", "tasks"."title" as "task_title", "tasks"."period_label" as "task_period_label", (select count(*) from corrective_actions ca where ca.finding_id = findings.id
        and ca.status = 'OPEN') as "open_actions", (select count(*) from corrective_actions ca where ca.finding_id = findings.id
        and ca.status = 'OPEN' and (("ca"."due_date" < $1 and "ca"."facility_id" in ($2, $3)) or ("ca"."due_date" < $4 and "ca"."facility_id" in ($5, $6)))) as "overdue_actions" from "findings" inner join "facilities" on "facilities"."id" = "findings"."facility_id" left join "users" as "owner" on "owner"."id" = "findings"."owner_id" left join "users" as "verifier" on "verifier"."id" = "findings"."verified_by" left join "tasks" on "tasks"."id" = "findings"."task_id" left join "permits" on "permits"."id" = "findings"."permit_id" where "findings"."id" in (select "findings"."id" from "findings" where "findings"."facility_id" in ($7, $8) and "findings"."facility_id" = $9 and "findings"."source" = $10 and "findings"."severity" = $11 and "findings"."status" = $12 and "findings"."owner_id" = $13 and "findings"."task_id" = $14 and "findings"."permit_id" = $15 and "findings"."severity" in ($16, $17) and (findings.reportable = 1 and findings.reported_on is null and findings.status <> 'CANCELLED') and exists (select 1 from corrective_actions oa where oa.finding_id = findings.id
    and oa.status = 'OPEN' and (("oa"."due_date" < $18 and "oa"."facility_id" in ($19, $20)) or ("oa"."due_date" < $21 and "oa"."facility_id" in ($22, $23)))) and findings.search_text like $24 escape '\') order by case when "findings"."id" is null then 1 else 0 end, "findings"."id" asc, "findings"."id" limit $25 offset $26;

-- lockFinding
select id from findings where id = $1 for update;

-- overdueCondition
-- (not driven by the sample arguments: groups.filter is not a function)

-- updateFindingSettings
update "finding_settings" set  where "id" = $1;
