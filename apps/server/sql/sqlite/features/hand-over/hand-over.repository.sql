-- features/hand-over/hand-over.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- countHandOverOf
select count(*) as "count" from "tasks" where "assignee_id" = ? and "status" = ?;
select count(*) as "count" from "requirements" where "default_assignee_id" = ?;
select count(*) as "count" from "requirement_facilities" where "assignee_id" = ?;
