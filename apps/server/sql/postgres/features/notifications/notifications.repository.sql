-- features/notifications/notifications.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- countNotifications
select count(*) as "count" from "notifications" as "n" where "n"."user_id" = $1 and "n"."available_at" <= $2 and "n"."facility_id" in ($3, $4) and "n"."category" = $5 and (exists (select 1 from facilities sf where sf.id = "n"."facility_id" and sf.search_text like $6 escape '\') or exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "n"."task_id" and sq.search_text like $7 escape '\')
        or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "n"."corrective_action_id" and sf.search_text like $8 escape '\'));

-- facilityMatches
-- (not driven by the sample arguments: ref.includes is not a function)

-- findFirstFacilityTimeZone
select "f"."time_zone" from "user_facilities" as "uf" inner join "facilities" as "f" on "f"."id" = "uf"."facility_id" where "uf"."user_id" = $1 order by "uf"."created_at", "uf"."id" limit $2;

-- findNotification
select "n"."id", "n"."category", "n"."step", "n"."task_id", "n"."corrective_action_id", "ca"."finding_id", "n"."facility_id", "n"."read_at", "n"."created_at", "n"."available_at", coalesce(t.title, ca.title) as "task_title", coalesce(t.due_date, ca.due_date) as "due_date", "f"."name" as "facility_name", "f"."time_zone" from "notifications" as "n" left join "tasks" as "t" on "t"."id" = "n"."task_id" left join "corrective_actions" as "ca" on "ca"."id" = "n"."corrective_action_id" inner join "facilities" as "f" on "f"."id" = "n"."facility_id" where "n"."user_id" = $1 and "n"."available_at" <= $2 and "n"."facility_id" in ($3, $4) and "n"."category" = $5 and (exists (select 1 from facilities sf where sf.id = "n"."facility_id" and sf.search_text like $6 escape '\') or exists (select 1 from tasks st join requirements sq on sq.id = st.requirement_id
    where st.id = "n"."task_id" and sq.search_text like $7 escape '\')
        or exists (select 1 from corrective_actions sa join findings sf on sf.id = sa.finding_id
    where sa.id = "n"."corrective_action_id" and sf.search_text like $8 escape '\')) and "n"."id" = $9;

-- findNotificationPreferencesRow
select * from "notification_preferences" where "user_id" = $1;

-- findingMatches
-- (not driven by the sample arguments: ref.includes is not a function)

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

-- requirementMatches
-- (not driven by the sample arguments: ref.includes is not a function)

-- rescheduleWaiting
update "notifications" set "available_at" = $1 where "user_id" = $2 and "available_at" > $3 and "read_at" is null;
update "notification_deliveries" set "not_before" = $1, "updated_at" = $2 where "recipient_id" = $3 and "status" = $4 and "attempts" = $5 and "not_before" > $6 and ("claimed_until" is null or "claimed_until" < $7);

-- setTimeZoneIfUnset
insert into "notification_preferences" ("0", "user_id", "last_digest_on") values ($1, $2, $3) on conflict ("user_id") do update set  where "notification_preferences"."time_zone_set_at" is null;

-- upsertNotificationPreferences
insert into "notification_preferences" ("0", "user_id", "last_digest_on", "time_zone_set_at") values ($1, $2, $3, $4) on conflict ("user_id") do update set "0" = $5, "time_zone_set_at" = $6;
