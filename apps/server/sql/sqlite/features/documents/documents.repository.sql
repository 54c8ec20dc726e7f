-- features/documents/documents.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- countDocuments
select count(*) as "count" from "documents" where "documents"."kind" = ? and "documents"."task_id" = ? and "documents"."task_id" in (select "tasks"."id" from "tasks" where "tasks"."requirement_id" = ?) and "documents"."facility_id" = ? and "documents"."program_area_id" = ? and "documents"."regulation_id" = ? and "documents"."uploaded_by" = ? and "documents"."legal_hold" = ? and "documents"."id" in (select "document_tags"."document_id" from "document_tags" where "document_tags"."tag_key" = ?) and "documents"."id" in (?, ?) and ("documents"."facility_id" in (?, ?) or ("documents"."facility_id" is null and "documents"."kind" = 'LIBRARY')) and ("documents"."search_text" like ? escape '\');

-- countEvidenceOfTasks
select "documents"."task_id", count(*) as "count" from "documents" where "documents"."kind" = ? and "documents"."archived_at" is null and "documents"."task_id" in (?, ?) group by "documents"."task_id";

-- deleteDocument
delete from "document_tags" where "document_id" = ?;
delete from "document_versions" where "document_id" = ?;
delete from "documents" where "id" = ?;

-- findDocumentById
select * from "documents" where "id" = ?;

-- findDocumentPageBoundaries
select "numbered"."k0", "numbered"."k1" from (select "documents"."created_at" as "k0", "documents"."id" as "k1", row_number() over (order by "documents"."created_at" asc, "documents"."id" asc) as "rn" from "documents" where "documents"."kind" = ? and "documents"."task_id" = ? and "documents"."task_id" in (select "tasks"."id" from "tasks" where "tasks"."requirement_id" = ?) and "documents"."facility_id" = ? and "documents"."program_area_id" = ? and "documents"."regulation_id" = ? and "documents"."uploaded_by" = ? and "documents"."legal_hold" = ? and "documents"."id" in (select "document_tags"."document_id" from "document_tags" where "document_tags"."tag_key" = ?) and "documents"."id" in (?, ?) and ("documents"."facility_id" in (?, ?) or ("documents"."facility_id" is null and "documents"."kind" = 'LIBRARY')) and ("documents"."search_text" like ? escape '\')) as "numbered" where "numbered"."rn" % ? = 0 order by "numbered"."rn";

-- findDocumentViewById
select "documents".*, "facilities"."name" as "facility_name", "program_areas"."name" as "program_area_name", "regulations"."title" as "regulation_title", "uploader"."first_name" as "uploader_first_name", "uploader"."last_name" as "uploader_last_name", "archiver"."first_name" as "archiver_first_name", "archiver"."last_name" as "archiver_last_name", "tasks"."title" as "task_title", "tasks"."due_date" as "task_due_date", "tasks"."requirement_id" as "requirement_id", "requirements"."title" as "requirement_title" from "documents" left join "facilities" on "facilities"."id" = "documents"."facility_id" left join "program_areas" on "program_areas"."id" = "documents"."program_area_id" left join "regulations" on "regulations"."id" = "documents"."regulation_id" left join "users" as "uploader" on "uploader"."id" = "documents"."uploaded_by" left join "users" as "archiver" on "archiver"."id" = "documents"."archived_by" left join "tasks" on "tasks"."id" = "documents"."task_id" left join "requirements" on "requirements"."id" = "tasks"."requirement_id" where "documents"."id" in (?);

-- findDocumentsRevision
select "revision" from "documents_revision" where "id" = ?;

-- findEvidenceOfTasks
select "documents".*, "users"."first_name" as "uploader_first_name", "users"."last_name" as "uploader_last_name" from "documents" left join "users" on "users"."id" = "documents"."uploaded_by" where "documents"."kind" = ? and "documents"."archived_at" is null and "documents"."task_id" in (?, ?) order by "documents"."task_id", "documents"."evidence_date", "documents"."created_at", lower("documents"."title"), "documents"."id";

-- findStorageKeysOfDocument
select "storage_key" from "document_versions" where "document_id" = ?;

-- findTagsOfDocuments
select "document_id", "tag" from "document_tags" where "document_id" in (?, ?) order by "document_id", "position";

-- findVersionOfDocument
select * from "document_versions" where "document_id" = ? and "version" = ?;

-- findVersionsOfDocument
select "document_versions".*, "users"."first_name" as "uploader_first_name", "users"."last_name" as "uploader_last_name" from "document_versions" left join "users" on "users"."id" = "document_versions"."uploaded_by" where "document_versions"."document_id" = ? order by "document_versions"."version" desc;

-- insertDocument
insert into "documents" () values ();

-- insertDocumentVersion
insert into "document_versions" () values ();

-- listDocuments
-- (not driven by the sample arguments: Invalid array length)

-- listTagSuggestions
select "document_tags"."tag_key", min("document_tags"."tag") as "tag", count("document_tags"."document_id") as "count" from "document_tags" inner join "documents" on "documents"."id" = "document_tags"."document_id" where "documents"."kind" = ? and ("documents"."facility_id" in (?, ?) or ("documents"."facility_id" is null and "documents"."kind" = 'LIBRARY')) and "document_tags"."tag_key" like ? escape '\' group by "document_tags"."tag_key" order by "count" desc, "document_tags"."tag_key" limit ?;

-- replaceDocumentTags
delete from "document_tags" where "document_id" = ?;
insert into "document_tags" ("document_id", "tag", "tag_key", "position") values (?, ?, ?, ?);

-- updateDocument
update "documents" set "0" = ? where "id" = ?;
