-- platform/rate-limit.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- countHit
insert into "rate_limit_buckets" ("hits") values (?) on conflict ("key") do update set "hits" = case when "rate_limit_buckets"."window_started_at" = "excluded"."window_started_at" then "rate_limit_buckets"."hits" + ? else 1 end, "window_started_at" = "excluded"."window_started_at", "window_ends_at" = "excluded"."window_ends_at" returning "hits";

-- deleteEndedBuckets
delete from "rate_limit_buckets" where "window_ends_at" < ?;
