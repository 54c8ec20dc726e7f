-- features/reports/report-subscriptions.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- claimDelivery
update "report_deliveries" set "claimed_by" = $1, "claimed_until" = $2, "updated_at" = $3 where "id" = $4 and "status" = $5 and ("claimed_until" is null or "claimed_until" < $6);

-- deleteSubscription
delete from "report_subscriptions" where "id" = $1;

-- findActiveSubscriptions
select "report_subscriptions".*, "p"."digest_hour", "p"."time_zone" from "report_subscriptions" inner join "users" on "users"."id" = "report_subscriptions"."user_id" left join "notification_preferences" as "p" on "p"."user_id" = "users"."id" where "users"."active" = $1 and "report_subscriptions"."stopped_at" is null;

-- findDeliveriesOfRecipient
select * from "report_deliveries" where "recipient_id" = $1 order by "created_at";

-- findDeliveryToSend
select "report_deliveries"."id", "report_deliveries"."subscription_id", "report_deliveries"."period_key", "report_deliveries"."attempts", "users"."id" as "user_id", "users"."email", "users"."first_name", "users"."last_name", "users"."role", "users"."active", "users"."preferences", "s"."report", "s"."frequency", "s"."format", "s"."filters", "s"."stopped_at" from "report_deliveries" inner join "users" on "users"."id" = "report_deliveries"."recipient_id" left join "report_subscriptions" as "s" on "s"."id" = "report_deliveries"."subscription_id" where "report_deliveries"."id" = $1;

-- findDueDeliveries
select "id" from "report_deliveries" where "status" = $1 and "not_before" <= $2 and ("claimed_until" is null or "claimed_until" < $3) order by "not_before" limit $4;

-- findSubscription
select * from "report_subscriptions" where "id" = $1;

-- finishDelivery
update "report_deliveries" set "claimed_by" = $1, "claimed_until" = $2 where "id" = $3 and "claimed_by" = $4;

-- insertDeliveryOnce
insert into "report_deliveries" () values () on conflict ("subscription_id", "period_key") do nothing;

-- insertSubscription
insert into "report_subscriptions" () values ();

-- listSubscriptionsOfUser
select "report_subscriptions".*, (select max("report_deliveries"."sent_at") as "at" from "report_deliveries" where "report_deliveries"."subscription_id" = "report_subscriptions"."id") as "last_sent_at" from "report_subscriptions" where "report_subscriptions"."id" = $1 and "user_id" = $2 order by "created_at" desc, "id" desc limit $3 offset $4;
select count(*) as "count" from "report_subscriptions" where "id" = $1 and "user_id" = $2;

-- stopSubscriptionsOfUser
select * from "report_subscriptions" where "user_id" = $1 and "stopped_at" is null;

-- updateSubscriptionColumns
update "report_subscriptions" set "0" = $1 where "id" = $2;
