-- features/documents/documents.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- countDocuments
select count(*) as "count" from "documents" where "documents"."kind" = $1 and "documents"."task_id" = $2 and "documents"."task_id" in (select "tasks"."id" from "tasks" where "tasks"."requirement_id" = $3) and "documents"."facility_id" = $4 and "documents"."program_area_id" = $5 and "documents"."regulation_id" = $6 and "documents"."uploaded_by" = $7 and "documents"."legal_hold" = $8 and "documents"."id" in (select "document_tags"."document_id" from "document_tags" where "document_tags"."tag_key" = $9) and "documents"."id" in ($10, $11) and ("documents"."facility_id" in ($12, $13) or ("documents"."facility_id" is null and "documents"."kind" = 'LIBRARY')) and ("documents"."search_text" like $14 escape '\');

-- countEvidenceOfTasks
select "documents"."task_id", count(*) as "count" from "documents" where "documents"."kind" = $1 and "documents"."archived_at" is null and "documents"."task_id" in ($2, $3) group by "documents"."task_id";

-- deleteDocument
delete from "document_tags" where "document_id" = $1;
delete from "document_versions" where "document_id" = $1;
delete from "documents" where "id" = $1;

-- findDocumentById
select * from "documents" where "id" = $1;

-- findDocumentPageBoundaries
select "numbered"."k0", "numbered"."k1" from (select "documents"."created_at" as "k0", "documents"."id" as "k1", row_number() over (order by "documents"."created_at" asc, "documents"."id" asc) as "rn" from "documents" where "documents"."kind" = $1 and "documents"."task_id" = $2 and "documents"."task_id" in (select "tasks"."id" from "tasks" where "tasks"."requirement_id" = $3) and "documents"."facility_id" = $4 and "documents"."program_area_id" = $5 and "documents"."regulation_id" = $6 and "documents"."uploaded_by" = $7 and "documents"."legal_hold" = $8 and "documents"."id" in (select "document_tags"."document_id" from "document_tags" where "document_tags"."tag_key" = $9) and "documents"."id" in ($10, $11) and ("documents"."facility_id" in ($12, $13) or ("documents"."facility_id" is null and "documents"."kind" = 'LIBRARY')) and ("documents"."search_text" like $14 escape '\')) as "numbered" where "numbered"."rn" % $15 = 0 order by "numbered"."rn";

-- findDocumentViewById
select "documents".*, "facilities"."name" as "facility_name", "program_areas"."name" as "program_area_name", "regulations"."title" as "regulation_title", "uploader"."first_name" as "uploader_first_name", "uploader"."last_name" as "uploader_last_name", "archiver"."first_name" as "archiver_first_name", "archiver"."last_name" as "archiver_last_name", "tasks"."title" as "task_title", "tasks"."due_date" as "task_due_date", "tasks"."requirement_id" as "requirement_id", "requirements"."title" as "requirement_title" from "documents" left join "facilities" on "facilities"."id" = "documents"."facility_id" left join "program_areas" on "program_areas"."id" = "documents"."program_area_id" left join "regulations" on "regulations"."id" = "documents"."regulation_id" left join "users" as "uploader" on "uploader"."id" = "documents"."uploaded_by" left join "users" as "archiver" on "archiver"."id" = "documents"."archived_by" left join "tasks" on "tasks"."id" = "documents"."task_id" left join "requirements" on "requirements"."id" = "tasks"."requirement_id" where "documents"."id" in ($1);

-- findDocumentsRevision
select "revision" from "documents_revision" where "id" = $1;

-- findEvidenceOfTasks
select "documents".*, "users"."first_name" as "uploader_first_name", "users"."last_name" as "uploader_last_name" from "documents" left join "users" on "users"."id" = "documents"."uploaded_by" where "documents"."kind" = $1 and "documents"."archived_at" is null and "documents"."task_id" in ($2, $3) order by "documents"."task_id", "documents"."evidence_date", "documents"."created_at", lower("documents"."title"), "documents"."id";

-- findStorageKeysOfDocument
select "storage_key" from "document_versions" where "document_id" = $1;

-- findTagsOfDocuments
select "document_id", "tag" from "document_tags" where "document_id" in ($1, $2) order by "document_id", "position";

-- findVersionOfDocument
select * from "document_versions" where "document_id" = $1 and "version" = $2;

-- findVersionsOfDocument
select "document_versions".*, "users"."first_name" as "uploader_first_name", "users"."last_name" as "uploader_last_name" from "document_versions" left join "users" on "users"."id" = "document_versions"."uploaded_by" where "document_versions"."document_id" = $1 order by "document_versions"."version" desc;

-- insertDocument
insert into "documents" () values ();

-- insertDocumentVersion
insert into "document_versions" () values ();

-- listDocuments
-- (not driven by the sample arguments: Invalid array length)

-- listTagSuggestions
select "document_tags"."tag_key", min("document_tags"."tag") as "tag", count("document_tags"."document_id") as "count" from "document_tags" inner join "documents" on "documents"."id" = "document_tags"."document_id" where "documents"."kind" = $1 and ("documents"."facility_id" in ($2, $3) or ("documents"."facility_id" is null and "documents"."kind" = 'LIBRARY')) and "document_tags"."tag_key" like $4 escape '\' group by "document_tags"."tag_key" order by "count" desc, "document_tags"."tag_key" limit $5;

-- replaceDocumentTags
delete from "document_tags" where "document_id" = $1;
insert into "document_tags" ("document_id", "tag", "tag_key", "position") values ($1, $2, $3, $4);

-- updateDocument
update "documents" set "0" = $1 where "id" = $2;
