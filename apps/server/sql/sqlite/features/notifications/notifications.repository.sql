-- features/notifications/notifications.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- countNotifications
select count(*) as "count" from "notifications" as "n" where "n"."user_id" = ? and "n"."available_at" <= ? and "n"."facility_id" in (?, ?) and "n"."category" = ? and (exists (select 1 from facilities sf where sf.id = "n"."facility_id" and sf.search_text like ? escape '\') or exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "n"."task_id" and sq.search_text like ? escape '\')
        or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "n"."corrective_action_id" and sf.search_text like ? escape '\'));

-- findFirstFacilityTimeZone
select "f"."time_zone" from "user_facilities" as "uf" inner join "facilities" as "f" on "f"."id" = "uf"."facility_id" where "uf"."user_id" = ? order by "uf"."created_at", "uf"."id" limit ?;

-- findNotification
select "n"."id", "n"."category", "n"."step", "n"."task_id", "n"."corrective_action_id", "ca"."finding_id", "n"."facility_id", "n"."read_at", "n"."created_at", "n"."available_at", coalesce(t.title, ca.title) as "task_title", coalesce(t.due_date, ca.due_date) as "due_date", "f"."name" as "facility_name", "f"."time_zone" from "notifications" as "n" left join "tasks" as "t" on "t"."id" = "n"."task_id" left join "corrective_actions" as "ca" on "ca"."id" = "n"."corrective_action_id" inner join "facilities" as "f" on "f"."id" = "n"."facility_id" where "n"."user_id" = ? and "n"."available_at" <= ? and "n"."facility_id" in (?, ?) and "n"."category" = ? and (exists (select 1 from facilities sf where sf.id = "n"."facility_id" and sf.search_text like ? escape '\') or exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "n"."task_id" and sq.search_text like ? escape '\')
        or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "n"."corrective_action_id" and sf.search_text like ? escape '\')) and "n"."id" = ?;

-- findNotificationPreferencesRow
select * from "notification_preferences" where "user_id" = ?;

-- listDeliveryRows
select count(*) as "count" from "notification_deliveries" as "d" where "d"."facility_id" in (?, ?) and "d"."status" = ? and "d"."facility_id" = ? and "d"."recipient_id" = ? and exists (select 1 from notifications cn where cn.id = d.notification_id and cn.category = ?) and (exists (select 1 from users su where su.id = d.recipient_id and su.search_text like ? escape '\')
        or exists (select 1 from facilities sf where sf.id = "d"."facility_id" and sf.search_text like ? escape '\')
        or exists (select 1 from notifications sn where sn.id = d.notification_id
          and (exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "sn"."task_id" and sq.search_text like ? escape '\') or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "sn"."corrective_action_id" and sf.search_text like ? escape '\'))));
select "u"."first_name", "u"."last_name", "u"."email", "d"."id", "d"."notification_id", "d"."recipient_id", "d"."facility_id", "d"."channel", "d"."status", "d"."attempts", "d"."last_error", "d"."sent_at", "d"."created_at", "d"."updated_at", "n"."category", "n"."step", "n"."task_id", "n"."corrective_action_id", "ca"."finding_id", coalesce(t.title, ca.title) as "task_title", "f"."name" as "facility_name" from "notification_deliveries" as "d" inner join "notifications" as "n" on "n"."id" = "d"."notification_id" left join "tasks" as "t" on "t"."id" = "n"."task_id" left join "corrective_actions" as "ca" on "ca"."id" = "n"."corrective_action_id" inner join "users" as "u" on "u"."id" = "d"."recipient_id" inner join "facilities" as "f" on "f"."id" = "d"."facility_id" where "d"."facility_id" in (?, ?) and "d"."status" = ? and "d"."facility_id" = ? and "d"."recipient_id" = ? and exists (select 1 from notifications cn where cn.id = d.notification_id and cn.category = ?) and (exists (select 1 from users su where su.id = d.recipient_id and su.search_text like ? escape '\')
        or exists (select 1 from facilities sf where sf.id = "d"."facility_id" and sf.search_text like ? escape '\')
        or exists (select 1 from notifications sn where sn.id = d.notification_id
          and (exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "sn"."task_id" and sq.search_text like ? escape '\') or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "sn"."corrective_action_id" and sf.search_text like ? escape '\')))) order by "d"."updated_at" asc, "d"."id" asc limit ? offset ?;

-- listNotifications
select count(*) as "count" from "notifications" as "n" where "n"."user_id" = ? and "n"."available_at" <= ? and "n"."facility_id" in (?, ?) and "n"."category" = ? and (exists (select 1 from facilities sf where sf.id = "n"."facility_id" and sf.search_text like ? escape '\') or exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "n"."task_id" and sq.search_text like ? escape '\')
        or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "n"."corrective_action_id" and sf.search_text like ? escape '\'));
select "n"."id", "n"."category", "n"."step", "n"."task_id", "n"."corrective_action_id", "ca"."finding_id", "n"."facility_id", "n"."read_at", "n"."created_at", "n"."available_at", coalesce(t.title, ca.title) as "task_title", coalesce(t.due_date, ca.due_date) as "due_date", "f"."name" as "facility_name", "f"."time_zone" from "notifications" as "n" left join "tasks" as "t" on "t"."id" = "n"."task_id" left join "corrective_actions" as "ca" on "ca"."id" = "n"."corrective_action_id" inner join "facilities" as "f" on "f"."id" = "n"."facility_id" where "n"."user_id" = ? and "n"."available_at" <= ? and "n"."facility_id" in (?, ?) and "n"."category" = ? and (exists (select 1 from facilities sf where sf.id = "n"."facility_id" and sf.search_text like ? escape '\') or exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "n"."task_id" and sq.search_text like ? escape '\')
        or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "n"."corrective_action_id" and sf.search_text like ? escape '\')) order by "n"."available_at" asc, "n"."id" asc limit ? offset ?;

-- markAllNotificationsRead
update "notifications" set "read_at" = ? where "user_id" = ? and "read_at" is null and "available_at" <= ?;

-- markNotificationRead
update "notifications" set "read_at" = ? where "id" = ? and "read_at" is null;

-- rescheduleWaiting
update "notifications" set "available_at" = ? where "user_id" = ? and "available_at" > ? and "read_at" is null;
update "notification_deliveries" set "not_before" = ?, "updated_at" = ? where "recipient_id" = ? and "status" = ? and "attempts" = ? and "not_before" > ? and ("claimed_until" is null or "claimed_until" < ?);

-- setTimeZoneIfUnset
insert into "notification_preferences" ("0", "user_id", "last_digest_on") values (?, ?, ?) on conflict ("user_id") do update set  where "notification_preferences"."time_zone_set_at" is null;

-- upsertNotificationPreferences
insert into "notification_preferences" ("0", "user_id", "last_digest_on", "time_zone_set_at") values (?, ?, ?, ?) on conflict ("user_id") do update set "0" = ?, "time_zone_set_at" = ?;
