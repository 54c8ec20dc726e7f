-- features/holidays/holidays.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- deleteHolidayChange
delete from "facility_holiday_changes" where "facility_id" = ? and "date" = ?;

-- findFacilityRegion
select "id", "name", "country", "state", "time_zone" from "facilities" where "id" = ?;

-- findFacilityRegions
select "id", "country", "state" from "facilities" where "id" in (?, ?);

-- findHolidayChanges
select * from "facility_holiday_changes" where "facility_id" in (?, ?) order by "facility_id", "date";

-- findShiftableTasks
select "t"."id", "t"."sequence", "t"."period_label", "t"."scheduled_due_date", "t"."due_date", "t"."shift_holiday", "r"."weekend_shift" from "tasks" as "t" inner join "requirements" as "r" on "r"."id" = "t"."requirement_id" where "t"."facility_id" = ? and "t"."touched" = ? and "t"."status" != ? and "t"."scheduled_due_date" >= ? and "t"."scheduled_due_date" <= ? and "r"."weekend_shift" != ? order by "t"."scheduled_due_date";

-- insertHolidayChange
insert into "facility_holiday_changes" () values ();
