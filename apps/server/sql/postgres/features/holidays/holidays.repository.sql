-- features/holidays/holidays.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- deleteHolidayChange
delete from "facility_holiday_changes" where "facility_id" = $1 and "date" = $2;

-- findFacilityRegion
select "id", "name", "country", "state", "time_zone" from "facilities" where "id" = $1;

-- findFacilityRegions
select "id", "country", "state" from "facilities" where "id" in ($1, $2);

-- findHolidayChanges
select * from "facility_holiday_changes" where "facility_id" in ($1, $2) order by "facility_id", "date";

-- findShiftableTasks
select "t"."id", "t"."sequence", "t"."period_label", "t"."scheduled_due_date", "t"."due_date", "t"."shift_holiday", "r"."weekend_shift" from "tasks" as "t" inner join "requirements" as "r" on "r"."id" = "t"."requirement_id" where "t"."facility_id" = $1 and "t"."touched" = $2 and "t"."status" != $3 and "t"."scheduled_due_date" >= $4 and "t"."scheduled_due_date" <= $5 and "r"."weekend_shift" != $6 order by "t"."scheduled_due_date";

-- insertHolidayChange
insert into "facility_holiday_changes" () values ();
