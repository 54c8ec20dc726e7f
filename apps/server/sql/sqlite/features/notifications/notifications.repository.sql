-- features/notifications/notifications.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- countNotifications
select count(*) as "count" from "notifications" as "n" where "n"."user_id" = ? and "n"."available_at" <= ? and "n"."facility_id" in (?, ?) and "n"."category" = ? and (exists (select 1 from facilities sf where sf.id = "n"."facility_id" and sf.search_text like ? escape '\') or exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "n"."task_id" and sq.search_text like ? escape '\')
        or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "n"."corrective_action_id" and sf.search_text like ? escape '\'));

-- facilityMatches
-- (not driven by the sample arguments: ref.includes is not a function)

-- findFirstFacilityTimeZone
select "f"."time_zone" from "user_facilities" as "uf" inner join "facilities" as "f" on "f"."id" = "uf"."facility_id" where "uf"."user_id" = ? order by "uf"."created_at", "uf"."id" limit ?;

-- findNotification
select "n"."id", "n"."category", "n"."step", "n"."task_id", "n"."corrective_action_id", "ca"."finding_id", "n"."facility_id", "n"."read_at", "n"."created_at", "n"."available_at", coalesce(t.title, ca.title) as "task_title", coalesce(t.due_date, ca.due_date) as "due_date", "f"."name" as "facility_name", "f"."time_zone" from "notifications" as "n" left join "tasks" as "t" on "t"."id" = "n"."task_id" left join "corrective_actions" as "ca" on "ca"."id" = "n"."corrective_action_id" inner join "facilities" as "f" on "f"."id" = "n"."facility_id" where "n"."user_id" = ? and "n"."available_at" <= ? and "n"."facility_id" in (?, ?) and "n"."category" = ? and (exists (select 1 from facilities sf where sf.id = "n"."facility_id" and sf.search_text like ? escape '\') or exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "n"."task_id" and sq.search_text like ? escape '\')
        or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "n"."corrective_action_id" and sf.search_text like ? escape '\')) and "n"."id" = ?;

-- findNotificationPreferencesRow
select * from "notification_preferences" where "user_id" = ?;

-- findingMatches
-- (not driven by the sample arguments: ref.includes is not a function)

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

-- requirementMatches
-- (not driven by the sample arguments: ref.includes is not a function)

-- rescheduleWaiting
update "notifications" set "available_at" = ? where "user_id" = ? and "available_at" > ? and "read_at" is null;
update "notification_deliveries" set "not_before" = ?, "updated_at" = ? where "recipient_id" = ? and "status" = ? and "attempts" = ? and "not_before" > ? and ("claimed_until" is null or "claimed_until" < ?);

-- setTimeZoneIfUnset
insert into "notification_preferences" ("0", "user_id", "last_digest_on") values (?, ?, ?) on conflict ("user_id") do update set  where "notification_preferences"."time_zone_set_at" is null;

-- upsertNotificationPreferences
insert into "notification_preferences" ("0", "user_id", "last_digest_on", "time_zone_set_at") values (?, ?, ?, ?) on conflict ("user_id") do update set "0" = ?, "time_zone_set_at" = ?;
