-- features/notifications/reminder-sweep.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- sweepReminders
select "id", "time_zone", "notify_from" from "facilities" where "status" = ? order by "id";
select max("lead_time_days") as "lead" from "requirements";
