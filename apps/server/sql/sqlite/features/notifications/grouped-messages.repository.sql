-- features/notifications/grouped-messages.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- countDueOfCategory
select count(*) as "count" from "notification_deliveries" as "d" inner join "notifications" as "n" on "n"."id" = "d"."notification_id" where "d"."status" = ? and "d"."recipient_id" = ? and "d"."not_before" <= ? and "n"."category" = ?;

-- groupedMessageSentSince
select min("created_at") as "created_at" from "notifications" where "id" in (?, ?);

-- oldestDueOfCategory
select "d"."id" from "notification_deliveries" as "d" inner join "notifications" as "n" on "n"."id" = "d"."notification_id" where "d"."status" = ? and "d"."recipient_id" = ? and "d"."not_before" <= ? and "n"."category" = ? order by "d"."not_before", "d"."id" limit ?;
