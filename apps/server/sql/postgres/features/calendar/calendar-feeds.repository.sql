-- features/calendar/calendar-feeds.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- countFeedsOfUser
select count(*) as "count" from "calendar_feeds" where "user_id" = $1;

-- deleteFeedsOfUser
select * from "calendar_feeds" where "user_id" = $1 and "id" = $2;

-- findActiveFeedBySecretHash
select "calendar_feeds"."id", "calendar_feeds"."name", "calendar_feeds"."scope", "calendar_feeds"."facility_id", "calendar_feeds"."last_used_at", "users"."id" as "user_id", "users"."role" from "calendar_feeds" inner join "users" on "users"."id" = "calendar_feeds"."user_id" where "calendar_feeds"."secret_hash" = $1 and "users"."active" = $2;

-- findFeedsOfUser
select "calendar_feeds"."id", "calendar_feeds"."name", "calendar_feeds"."scope", "calendar_feeds"."facility_id", "facilities"."name" as "facility_name", "calendar_feeds"."created_at", "calendar_feeds"."last_used_at" from "calendar_feeds" left join "facilities" on "facilities"."id" = "calendar_feeds"."facility_id" where "calendar_feeds"."user_id" = $1 order by "calendar_feeds"."created_at" desc, "calendar_feeds"."id";

-- insertFeed
insert into "calendar_feeds" () values ();

-- markFeedUsed
update "calendar_feeds" set "last_used_at" = $1 where "id" = $2;
