-- features/notifications/deliveries.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- claimDeliveries

    with batch as materialized (
      select id from notification_deliveries where recipient_id = ? and status = 'PENDING' and not_before <= ? and (claimed_until is null or claimed_until < ?)
      order by not_before, id limit ? 
    )
    update notification_deliveries set claimed_by = ?, claimed_until = ?
    where id in (select id from batch) and status = 'PENDING' and not_before <= ? and (claimed_until is null or claimed_until < ?)
    returning id
  ;

-- countDueDeliveries
select count(*) as "count" from "notification_deliveries" where "status" = ? and "recipient_id" = ? and "not_before" <= ?;

-- findClaimedDeliveries
select "d"."id", "d"."attempts", "d"."notification_id", "n"."step", "n"."category", "n"."read_at", "n"."task_id", "n"."corrective_action_id", "ca"."finding_id", coalesce(t.title, ca.title) as "task_title", coalesce(t.status, ca.status) as "task_status", "t"."not_applicable_reason", coalesce(t.due_date, ca.due_date) as "due_date", "f"."id" as "facility_id", "f"."name" as "facility_name", "f"."time_zone" as "facility_time_zone" from "notification_deliveries" as "d" inner join "notifications" as "n" on "n"."id" = "d"."notification_id" left join "tasks" as "t" on "t"."id" = "n"."task_id" left join "corrective_actions" as "ca" on "ca"."id" = "n"."corrective_action_id" inner join "facilities" as "f" on "f"."id" = "n"."facility_id" where "d"."id" in (?, ?) and "d"."claimed_by" = ?;

-- findDueRecipients

    with recursive r(recipient_id) as (
      select min(recipient_id) from notification_deliveries where status = 'PENDING'
      union all
      select (select min(n.recipient_id) from notification_deliveries n
              where n.status = 'PENDING' and n.recipient_id > r.recipient_id)
      from r where r.recipient_id is not null
    )
    select recipient_id as "recipientId" from r
    where r.recipient_id is not null and exists (
      select 1 from notification_deliveries e
      where e.status = 'PENDING' and e.recipient_id = r.recipient_id and e.not_before <= ?
        and (e.claimed_until is null or e.claimed_until < ?))
    limit ?
  ;

-- findRecipient
select "users"."first_name", "users"."last_name", "users"."email", "users"."role", "users"."active", "users"."id", "users"."preferences", "users"."last_sign_in_at", "p"."delivery", "p"."digest_hour", "p"."time_zone", "p"."quiet_until", "p"."categories", "p"."last_digest_on" from "users" left join "notification_preferences" as "p" on "p"."user_id" = "users"."id" where "users"."id" = ?;

-- recordDigestSent
insert into "notification_preferences" ("0", "user_id", "time_zone_set_at", "last_digest_on", "updated_at") values (?, ?, ?, ?, ?) on conflict ("user_id") do update set "last_digest_on" = ?;

-- renewClaim
update "notification_deliveries" set "claimed_until" = ? where "id" in (?, ?) and "status" = ? and "claimed_by" = ? returning "id";

-- updateDeliveries
update "notification_deliveries" set "0" = ? where "id" in (?, ?) and "claimed_by" = ?;
