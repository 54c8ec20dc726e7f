-- features/tasks/task-lookups.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- findEvidenceDocumentsOfTask
select "id", "title" from "documents" where "task_id" = $1;

-- findFacilityZones
select "id", "time_zone" from "facilities" where "id" in ($1, $2);

-- findIdsMatching
-- (not driven by the sample arguments: invalid aliased expression: {})

-- findSearchTextsRevision
select "revision" from "search_texts_revision" where "id" = $1;

-- findTaskInstructions
select "requirements"."description", "requirements"."citation", "requirements"."permit_number", "requirements"."regulation_id", "regulations"."title" as "regulation_title", "regulations"."citation" as "regulation_citation" from "tasks" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" left join "regulations" on "regulations"."id" = "requirements"."regulation_id" where "tasks"."id" = $1;
