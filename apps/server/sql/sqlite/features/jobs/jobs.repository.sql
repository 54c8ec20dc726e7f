-- features/jobs/jobs.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- deleteLeasesBefore
delete from "job_leases" where "name" = ? and "acquired_at" < ?;

-- findLastRun
select * from "job_leases" where "name" = ? order by "acquired_at" desc limit ?;

-- finishLease
update "job_leases" set "finished_at" = ?, "result" = ? where "name" = ? and "day" = ? and "owner" = ?;

-- releaseLease
delete from "job_leases" where "name" = ? and "day" = ? and "owner" = ? and "finished_at" is null;

-- tryAcquireLease
insert into "job_leases" ("name", "day", "owner", "acquired_at", "finished_at", "result") values (?, ?, ?, ?, ?, ?) on conflict ("name", "day") do nothing;
select "finished_at", "acquired_at" from "job_leases" where "name" = ? and "day" = ?;
