-- features/reports/report-subscriptions.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- claimDelivery
update "report_deliveries" set "claimed_by" = ?, "claimed_until" = ?, "updated_at" = ? where "id" = ? and "status" = ? and ("claimed_until" is null or "claimed_until" < ?);

-- deleteSubscription
delete from "report_subscriptions" where "id" = ?;

-- findActiveSubscriptions
select "report_subscriptions".*, "p"."digest_hour", "p"."time_zone" from "report_subscriptions" inner join "users" on "users"."id" = "report_subscriptions"."user_id" left join "notification_preferences" as "p" on "p"."user_id" = "users"."id" where "users"."active" = ? and "report_subscriptions"."stopped_at" is null;

-- findDeliveriesOfRecipient
select * from "report_deliveries" where "recipient_id" = ? order by "created_at";

-- findDeliveryToSend
select "report_deliveries"."id", "report_deliveries"."subscription_id", "report_deliveries"."period_key", "report_deliveries"."attempts", "users"."id" as "user_id", "users"."email", "users"."first_name", "users"."last_name", "users"."role", "users"."active", "users"."preferences", "s"."report", "s"."frequency", "s"."format", "s"."filters", "s"."stopped_at" from "report_deliveries" inner join "users" on "users"."id" = "report_deliveries"."recipient_id" left join "report_subscriptions" as "s" on "s"."id" = "report_deliveries"."subscription_id" where "report_deliveries"."id" = ?;

-- findDueDeliveries
select "id" from "report_deliveries" where "status" = ? and "not_before" <= ? and ("claimed_until" is null or "claimed_until" < ?) order by "not_before" limit ?;

-- findSubscription
select * from "report_subscriptions" where "id" = ?;

-- finishDelivery
update "report_deliveries" set "claimed_by" = ?, "claimed_until" = ? where "id" = ? and "claimed_by" = ?;

-- insertDeliveryOnce
insert into "report_deliveries" () values () on conflict ("subscription_id", "period_key") do nothing;

-- insertSubscription
insert into "report_subscriptions" () values ();

-- listSubscriptionsOfUser
select "report_subscriptions".*, (select max("report_deliveries"."sent_at") as "at" from "report_deliveries" where "report_deliveries"."subscription_id" = "report_subscriptions"."id") as "last_sent_at" from "report_subscriptions" where "report_subscriptions"."id" = ? and "user_id" = ? order by "created_at" desc, "id" desc limit ? offset ?;
select count(*) as "count" from "report_subscriptions" where "id" = ? and "user_id" = ?;

-- stopSubscriptionsOfUser
select * from "report_subscriptions" where "user_id" = ? and "stopped_at" is null;

-- updateSubscriptionColumns
update "report_subscriptions" set "0" = ? where "id" = ?;
