-- features/reviews/reviews.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- countExtensionRequests
select count(*) as "count" from "extension_requests" inner join "tasks" on "tasks"."id" = "extension_requests"."task_id" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" inner join "facilities" on "facilities"."id" = "extension_requests"."facility_id" where "extension_requests"."id" = $1 and ("requirements"."search_text" like $2 escape '\') and "extension_requests"."facility_id" in ($3, $4) and "extension_requests"."status" = $5 and "extension_requests"."facility_id" = $6 and "extension_requests"."task_id" = $7;

-- decideExtensionRequest
update "extension_requests" set "0" = $1 where "id" = $2 and "status" = $3;

-- findEvidenceVersionsOfTask
select "documents"."id" as "document_id", "documents"."title", "document_versions"."version", "document_versions"."file_name", "document_versions"."sha256" from "documents" inner join "document_versions" on "document_versions"."document_id" = "documents"."id" where "documents"."task_id" = $1 and "documents"."kind" = $2 order by "documents"."created_at", "documents"."id", "document_versions"."version";

-- findExtensionRequest
select * from "extension_requests" where "id" = $1;

-- findLatestSignature
select * from "task_signatures" where "task_id" = $1 order by "signed_at" desc, "created_at" desc limit $2;

-- findPendingExtensionOfTask
select * from "extension_requests" where "task_id" = $1 and "status" = $2;

-- findReviewerIds
select "users"."id" from "users" where "users"."active" = $1 and ("users"."role" in ($2, $3) or ("users"."role" = $4 and "users"."id" in (select "user_facilities"."user_id" from "user_facilities" where "user_facilities"."facility_id" = $5)));

-- findSignaturesOfTask
select * from "task_signatures" where "task_id" = $1 order by "signed_at", "id";

-- findSignaturesOfTasks
select * from "task_signatures" where "task_id" in ($1, $2) order by "signed_at", "id";

-- insertExtensionRequest
insert into "extension_requests" () values ();

-- insertSignature
insert into "task_signatures" () values ();

-- insertTaskNotifications
insert into "notifications" ("id", "user_id", "task_id", "facility_id", "step", "category", "available_at", "read_at", "created_at") values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict ("task_id", "step", "user_id") do nothing;

-- listExtensionRequests
select "extension_requests".*, "tasks"."title" as "task_title", "facilities"."name" as "facility_name", "requester"."first_name" as "requester_first_name", "requester"."last_name" as "requester_last_name", "decider"."first_name" as "decider_first_name", "decider"."last_name" as "decider_last_name" from "extension_requests" inner join "tasks" on "tasks"."id" = "extension_requests"."task_id" inner join "requirements" on "requirements"."id" = "tasks"."requirement_id" inner join "facilities" on "facilities"."id" = "extension_requests"."facility_id" inner join "users" as "requester" on "requester"."id" = "extension_requests"."requester_id" left join "users" as "decider" on "decider"."id" = "extension_requests"."decided_by_id" where "extension_requests"."id" = $1 and ("requirements"."search_text" like $2 escape '\') and "extension_requests"."facility_id" in ($3, $4) and "extension_requests"."status" = $5 and "extension_requests"."facility_id" = $6 and "extension_requests"."task_id" = $7 order by "extension_requests"."id" asc, "extension_requests"."id" asc limit $8 offset $9;
