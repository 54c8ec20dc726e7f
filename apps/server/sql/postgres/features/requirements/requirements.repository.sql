-- features/requirements/requirements.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- bindingsWithRequirements
select from "requirement_facilities" as "b" inner join "requirements" as "r" on "r"."id" = "b"."requirement_id";

-- countRequirements
select count(*) as "count" from "requirements" where "requirements"."status" = $1 and "requirements"."category" = $2 and "requirements"."frequency" = $3 and "requirements"."schedule_mode" = $4 and "requirements"."program_area_id" = $5 and "requirements"."regulation_id" = $6 and exists (select 1 from requirement_facilities b where b.requirement_id = "requirements"."id" and b.bound = 1 and b.facility_id in ($7)) and exists (select 1 from requirement_facilities b where b.requirement_id = "requirements"."id" and b.bound = 1 and b.facility_id in ($8, $9)) and ("requirements"."search_text" like $10 escape '\');

-- findBindingRows
select * from "requirement_facilities" where "requirement_id" = $1;

-- findBindingsWithLabels
select "f"."name" as "facility_name", "f"."code" as "facility_code", "u"."first_name" as "assignee_first_name", "u"."last_name" as "assignee_last_name", "b"."id", "b"."requirement_id", "b"."facility_id", "b"."applicable", "b"."not_applicable_reason", "b"."assignee_id", "b"."first_due_date", "b"."generate_from", "b"."created_at", "b"."updated_at", "f"."time_zone", "f"."name_key" from "requirement_facilities" as "b" inner join "facilities" as "f" on "f"."id" = "b"."facility_id" left join "users" as "u" on "u"."id" = "b"."assignee_id" where "b"."requirement_id" in ($1, $2) and "b"."bound" = $3 order by "f"."name_key";

-- findBoundFacilityIds
select "requirement_id", "facility_id", "bound" from "requirement_facilities" where "requirement_id" in ($1, $2);

-- findFacilitiesForBinding
select "id", "name", "code", "time_zone", "status" from "facilities" where "id" in ($1, $2);

-- findFacilitiesOfAssignments
select "b"."facility_id" from "requirement_facilities" as "b" where "b"."assignee_id" = $1 and "b"."bound" = $2 union select "b"."facility_id" from "requirements" as "r" inner join "requirement_facilities" as "b" on "b"."requirement_id" = "r"."id" where "r"."default_assignee_id" = $3 and "b"."assignee_id" is null and "b"."bound" = $4;

-- findLabelledRequirement
select "requirements"."id", "requirements"."title", "requirements"."description", "requirements"."regulation_id", "requirements"."citation", "requirements"."program_area_id", "requirements"."category", "requirements"."frequency", "requirements"."schedule_mode", "requirements"."first_due_date", "requirements"."weekend_shift", "requirements"."period_start_month", "requirements"."period_due_days", "requirements"."period_due_day_of_month", "requirements"."lead_time_days", "requirements"."grace_days", "requirements"."evidence_required", "requirements"."min_evidence", "requirements"."review_required", "requirements"."permit_number", "requirements"."active_from", "requirements"."active_until", "requirements"."default_assignee_id", "requirements"."reminder_first_before_days", "requirements"."reminder_second_before_days", "requirements"."escalate_facility_after_days", "requirements"."escalate_all_after_days", "requirements"."status", "requirements"."created_at", "requirements"."updated_at", "regulations"."title" as "regulation_title", "program_areas"."name" as "program_area_name", "users"."first_name" as "assignee_first_name", "users"."last_name" as "assignee_last_name", (select count(*) as "count" from "requirement_facilities" as "b" where "b"."requirement_id" = "requirements"."id" and "b"."bound" = 1) as "facility_count" from "requirements" left join "regulations" on "regulations"."id" = "requirements"."regulation_id" left join "program_areas" on "program_areas"."id" = "requirements"."program_area_id" left join "users" on "users"."id" = "requirements"."default_assignee_id" where "requirements"."id" = $1;

-- findRequirementRowById
select * from "requirements" where "id" = $1;

-- insertBindings
insert into "requirement_facilities" () values ();

-- insertRequirement
insert into "requirements" () values ();

-- listRequirements
select "requirements"."id" from "requirements" where "requirements"."status" = $1 and "requirements"."category" = $2 and "requirements"."frequency" = $3 and "requirements"."schedule_mode" = $4 and "requirements"."program_area_id" = $5 and "requirements"."regulation_id" = $6 and exists (select 1 from requirement_facilities b where b.requirement_id = "requirements"."id" and b.bound = 1 and b.facility_id in ($7)) and exists (select 1 from requirement_facilities b where b.requirement_id = "requirements"."id" and b.bound = 1 and b.facility_id in ($8, $9)) and ("requirements"."search_text" like $10 escape '\') order by "requirements"."id" asc, lower("requirements"."title") asc, "requirements"."id" asc limit $11 offset $12;

-- lockRequirement
select id from requirements where id = $1 for update;
select id from requirement_facilities where requirement_id = $1 for update;

-- reassignBindingAssignees
update "requirement_facilities" set "assignee_id" = $1, "updated_at" = $2 where "assignee_id" = $3;

-- reassignRequirementDefaults
update "requirements" set "default_assignee_id" = $1, "updated_at" = $2 where "default_assignee_id" = $3;

-- updateBindingRow
update "requirement_facilities" set "0" = $1 where "id" = $2;

-- updateRequirementRow
update "requirements" set "0" = $1 where "id" = $2;
