-- features/notifications/notifications.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- countNotifications
select count(*) as "count" from "notifications" as "n" where "n"."user_id" = $1 and "n"."available_at" <= $2 and "n"."facility_id" in ($3, $4) and "n"."category" = $5 and (exists (select 1 from facilities sf where sf.id = "n"."facility_id" and sf.search_text like $6 escape '\') or exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "n"."task_id" and sq.search_text like $7 escape '\')
        or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "n"."corrective_action_id" and sf.search_text like $8 escape '\'));

-- findFirstFacilityTimeZone
select "f"."time_zone" from "user_facilities" as "uf" inner join "facilities" as "f" on "f"."id" = "uf"."facility_id" where "uf"."user_id" = $1 order by "uf"."created_at", "uf"."id" limit $2;

-- findNotification
select "n"."id", "n"."category", "n"."step", "n"."task_id", "n"."corrective_action_id", "ca"."finding_id", "n"."facility_id", "n"."read_at", "n"."created_at", "n"."available_at", coalesce(t.title, ca.title) as "task_title", coalesce(t.due_date, ca.due_date) as "due_date", "f"."name" as "facility_name", "f"."time_zone" from "notifications" as "n" left join "tasks" as "t" on "t"."id" = "n"."task_id" left join "corrective_actions" as "ca" on "ca"."id" = "n"."corrective_action_id" inner join "facilities" as "f" on "f"."id" = "n"."facility_id" where "n"."user_id" = $1 and "n"."available_at" <= $2 and "n"."facility_id" in ($3, $4) and "n"."category" = $5 and (exists (select 1 from facilities sf where sf.id = "n"."facility_id" and sf.search_text like $6 escape '\') or exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "n"."task_id" and sq.search_text like $7 escape '\')
        or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "n"."corrective_action_id" and sf.search_text like $8 escape '\')) and "n"."id" = $9;

-- findNotificationPreferencesRow
select * from "notification_preferences" where "user_id" = $1;

-- listDeliveryRows
select count(*) as "count" from "notification_deliveries" as "d" where "d"."facility_id" in ($1, $2) and "d"."status" = $3 and "d"."facility_id" = $4 and "d"."recipient_id" = $5 and exists (select 1 from notifications cn where cn.id = d.notification_id and cn.category = $6) and (exists (select 1 from users su where su.id = d.recipient_id and su.search_text like $7 escape '\')
        or exists (select 1 from facilities sf where sf.id = "d"."facility_id" and sf.search_text like $8 escape '\')
        or exists (select 1 from notifications sn where sn.id = d.notification_id
          and (exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "sn"."task_id" and sq.search_text like $9 escape '\') or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "sn"."corrective_action_id" and sf.search_text like $10 escape '\'))));
select "u"."first_name", "u"."last_name", "u"."email", "d"."id", "d"."notification_id", "d"."recipient_id", "d"."facility_id", "d"."channel", "d"."status", "d"."attempts", "d"."last_error", "d"."sent_at", "d"."created_at", "d"."updated_at", "n"."category", "n"."step", "n"."task_id", "n"."corrective_action_id", "ca"."finding_id", coalesce(t.title, ca.title) as "task_title", "f"."name" as "facility_name" from "notification_deliveries" as "d" inner join "notifications" as "n" on "n"."id" = "d"."notification_id" left join "tasks" as "t" on "t"."id" = "n"."task_id" left join "corrective_actions" as "ca" on "ca"."id" = "n"."corrective_action_id" inner join "users" as "u" on "u"."id" = "d"."recipient_id" inner join "facilities" as "f" on "f"."id" = "d"."facility_id" where "d"."facility_id" in ($1, $2) and "d"."status" = $3 and "d"."facility_id" = $4 and "d"."recipient_id" = $5 and exists (select 1 from notifications cn where cn.id = d.notification_id and cn.category = $6) and (exists (select 1 from users su where su.id = d.recipient_id and su.search_text like $7 escape '\')
        or exists (select 1 from facilities sf where sf.id = "d"."facility_id" and sf.search_text like $8 escape '\')
        or exists (select 1 from notifications sn where sn.id = d.notification_id
          and (exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "sn"."task_id" and sq.search_text like $9 escape '\') or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "sn"."corrective_action_id" and sf.search_text like $10 escape '\')))) order by "d"."updated_at" asc, "d"."id" asc limit $11 offset $12;

-- listNotifications
select count(*) as "count" from "notifications" as "n" where "n"."user_id" = $1 and "n"."available_at" <= $2 and "n"."facility_id" in ($3, $4) and "n"."category" = $5 and (exists (select 1 from facilities sf where sf.id = "n"."facility_id" and sf.search_text like $6 escape '\') or exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "n"."task_id" and sq.search_text like $7 escape '\')
        or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "n"."corrective_action_id" and sf.search_text like $8 escape '\'));
select "n"."id", "n"."category", "n"."step", "n"."task_id", "n"."corrective_action_id", "ca"."finding_id", "n"."facility_id", "n"."read_at", "n"."created_at", "n"."available_at", coalesce(t.title, ca.title) as "task_title", coalesce(t.due_date, ca.due_date) as "due_date", "f"."name" as "facility_name", "f"."time_zone" from "notifications" as "n" left join "tasks" as "t" on "t"."id" = "n"."task_id" left join "corrective_actions" as "ca" on "ca"."id" = "n"."corrective_action_id" inner join "facilities" as "f" on "f"."id" = "n"."facility_id" where "n"."user_id" = $1 and "n"."available_at" <= $2 and "n"."facility_id" in ($3, $4) and "n"."category" = $5 and (exists (select 1 from facilities sf where sf.id = "n"."facility_id" and sf.search_text like $6 escape '\') or exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "n"."task_id" and sq.search_text like $7 escape '\')
        or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "n"."corrective_action_id" and sf.search_text like $8 escape '\')) order by "n"."available_at" asc, "n"."id" asc limit $9 offset $10;

-- markAllNotificationsRead
update "notifications" set "read_at" = $1 where "user_id" = $2 and "read_at" is null and "available_at" <= $3;

-- markNotificationRead
update "notifications" set "read_at" = $1 where "id" = $2 and "read_at" is null;

-- rescheduleWaiting
update "notifications" set "available_at" = $1 where "user_id" = $2 and "available_at" > $3 and "read_at" is null;
update "notification_deliveries" set "not_before" = $1, "updated_at" = $2 where "recipient_id" = $3 and "status" = $4 and "attempts" = $5 and "not_before" > $6 and ("claimed_until" is null or "claimed_until" < $7);

-- setTimeZoneIfUnset
insert into "notification_preferences" ("0", "user_id", "last_digest_on") values ($1, $2, $3) on conflict ("user_id") do update set  where "notification_preferences"."time_zone_set_at" is null;

-- upsertNotificationPreferences
insert into "notification_preferences" ("0", "user_id", "last_digest_on", "time_zone_set_at") values ($1, $2, $3, $4) on conflict ("user_id") do update set "0" = $5, "time_zone_set_at" = $6;
