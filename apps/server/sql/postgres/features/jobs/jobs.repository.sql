-- features/jobs/jobs.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- deleteLeasesBefore
delete from "job_leases" where "name" = $1 and "acquired_at" < $2;

-- findLastRun
select * from "job_leases" where "name" = $1 order by "acquired_at" desc limit $2;

-- finishLease
update "job_leases" set "finished_at" = $1, "result" = $2 where "name" = $3 and "day" = $4 and "owner" = $5;

-- releaseLease
delete from "job_leases" where "name" = $1 and "day" = $2 and "owner" = $3 and "finished_at" is null;

-- tryAcquireLease
insert into "job_leases" ("name", "day", "owner", "acquired_at", "finished_at", "result") values ($1, $2, $3, $4, $5, $6) on conflict ("name", "day") do nothing;
select "finished_at", "acquired_at" from "job_leases" where "name" = $1 and "day" = $2;
