-- features/reviews/reviews.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- countExtensionRequests
select count(*) as "count" from "extension_requests" inner join "tasks" on "tasks"."id" = "extension_requests"."task_id" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" inner join "facilities" on "facilities"."id" = "extension_requests"."facility_id" where "extension_requests"."id" = ? and ("requirements"."search_text" like ? escape '\') and "extension_requests"."facility_id" in (?, ?) and "extension_requests"."status" = ? and "extension_requests"."facility_id" = ? and "extension_requests"."task_id" = ?;

-- decideExtensionRequest
update "extension_requests" set "0" = ? where "id" = ? and "status" = ?;

-- findEvidenceVersionsOfTask
select "documents"."id" as "document_id", "documents"."title", "document_versions"."version", "document_versions"."file_name", "document_versions"."sha256" from "documents" inner join "document_versions" on "document_versions"."document_id" = "documents"."id" where "documents"."task_id" = ? and "documents"."kind" = ? order by "documents"."created_at", "documents"."id", "document_versions"."version";

-- findExtensionRequest
select * from "extension_requests" where "id" = ?;

-- findLatestSignature
select * from "task_signatures" where "task_id" = ? order by "signed_at" desc, "created_at" desc limit ?;

-- findPendingExtensionOfTask
select * from "extension_requests" where "task_id" = ? and "status" = ?;

-- findReviewerIds
select "users"."id" from "users" where "users"."active" = ? and ("users"."role" in (?, ?) or ("users"."role" = ? and "users"."id" in (select "user_facilities"."user_id" from "user_facilities" where "user_facilities"."facility_id" = ?)));

-- findSignaturesOfTask
select * from "task_signatures" where "task_id" = ? order by "signed_at", "id";

-- findSignaturesOfTasks
select * from "task_signatures" where "task_id" in (?, ?) order by "signed_at", "id";

-- insertExtensionRequest
insert into "extension_requests" () values ();

-- insertSignature
insert into "task_signatures" () values ();

-- insertTaskNotifications
insert into "notifications" ("id", "user_id", "task_id", "facility_id", "step", "category", "available_at", "read_at", "created_at") values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict ("task_id", "step", "user_id") do nothing;

-- listExtensionRequests
select "extension_requests".*, "tasks"."title" as "task_title", "facilities"."name" as "facility_name", "requester"."first_name" as "requester_first_name", "requester"."last_name" as "requester_last_name", "decider"."first_name" as "decider_first_name", "decider"."last_name" as "decider_last_name" from "extension_requests" inner join "tasks" on "tasks"."id" = "extension_requests"."task_id" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" inner join "facilities" on "facilities"."id" = "extension_requests"."facility_id" inner join "users" as "requester" on "requester"."id" = "extension_requests"."requester_id" left join "users" as "decider" on "decider"."id" = "extension_requests"."decided_by_id" where "extension_requests"."id" = ? and ("requirements"."search_text" like ? escape '\') and "extension_requests"."facility_id" in (?, ?) and "extension_requests"."status" = ? and "extension_requests"."facility_id" = ? and "extension_requests"."task_id" = ? order by "extension_requests"."id" asc, "extension_requests"."id" asc limit ? offset ?;
