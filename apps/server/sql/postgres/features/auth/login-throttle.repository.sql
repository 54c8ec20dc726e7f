-- features/auth/login-throttle.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- deleteThrottle
delete from "login_throttle" where "key" = $1;

-- extendLock
update "login_throttle" set "locked_until" = $1 where "key" = $2 and ("locked_until" is null or "locked_until" < $3);

-- findThrottle
select * from "login_throttle" where "key" = $1;

-- incrementFailures
insert into "login_throttle" ("key", "failures", "window_started_at", "locked_until") values ($1, $2, $3, $4) on conflict ("key") do update set "failures" = case when "login_throttle"."window_started_at" > $5 then "login_throttle"."failures" + $6 else 1 end, "window_started_at" = case when "login_throttle"."window_started_at" > $7 then "login_throttle"."window_started_at" else "excluded"."window_started_at" end returning "failures";
