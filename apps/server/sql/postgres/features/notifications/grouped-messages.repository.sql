-- features/notifications/grouped-messages.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- countDueOfCategory
select count(*) as "count" from "notification_deliveries" as "d" inner join "notifications" as "n" on "n"."id" = "d"."notification_id" where "d"."status" = $1 and "d"."recipient_id" = $2 and "d"."not_before" <= $3 and "n"."category" = $4;

-- groupedMessageSentSince
select min("created_at") as "created_at" from "notifications" where "id" in ($1, $2);

-- oldestDueOfCategory
select "d"."id" from "notification_deliveries" as "d" inner join "notifications" as "n" on "n"."id" = "d"."notification_id" where "d"."status" = $1 and "d"."recipient_id" = $2 and "d"."not_before" <= $3 and "n"."category" = $4 order by "d"."not_before", "d"."id" limit $5;
