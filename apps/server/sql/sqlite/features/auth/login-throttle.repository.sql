-- features/auth/login-throttle.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- deleteThrottle
delete from "login_throttle" where "key" = ?;

-- extendLock
update "login_throttle" set "locked_until" = ? where "key" = ? and ("locked_until" is null or "locked_until" < ?);

-- findThrottle
select * from "login_throttle" where "key" = ?;

-- incrementFailures
insert into "login_throttle" ("key", "failures", "window_started_at", "locked_until") values (?, ?, ?, ?) on conflict ("key") do update set "failures" = case when "login_throttle"."window_started_at" > ? then "login_throttle"."failures" + ? else 1 end, "window_started_at" = case when "login_throttle"."window_started_at" > ? then "login_throttle"."window_started_at" else "excluded"."window_started_at" end returning "failures";
