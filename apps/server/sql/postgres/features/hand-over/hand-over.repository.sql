-- features/hand-over/hand-over.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- countHandOverOf
select count(*) as "count" from "tasks" where "assignee_id" = $1 and "status" = $2;
select count(*) as "count" from "requirements" where "default_assignee_id" = $1;
select count(*) as "count" from "requirement_facilities" where "assignee_id" = $1;
