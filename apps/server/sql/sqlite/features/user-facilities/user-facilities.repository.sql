-- features/user-facilities/user-facilities.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- deleteUserFacilities
delete from "user_facilities" where "id" in (?, ?);

-- findAssignmentsAmong
select * from "user_facilities" where "user_id" in (?, ?) and "facility_id" in (?, ?);

-- findAssignmentsOfUser
select "id", "facility_id" from "user_facilities" where "user_id" = ?;

-- findAssignmentsOfUsers
select "user_id", "facility_id" from "user_facilities" where "user_id" in (?, ?) order by "created_at";

-- findFacilityIdsOfUser
select "facility_id" from "user_facilities" where "user_id" = ?;

-- findUserFacilityById
select * from "user_facilities" where "id" = ?;

-- findUserFacilityInScope
select "user_facilities"."id", "user_facilities"."user_id", "user_facilities"."facility_id", "user_facilities"."created_at", "user_facilities"."updated_at", "users"."email" as "user_email", "users"."first_name" as "user_first_name", "users"."last_name" as "user_last_name", "users"."role" as "user_role", "users"."active" as "user_active", "facilities"."name" as "facility_name", "facilities"."code" as "facility_code", "facilities"."status" as "facility_status" from "user_facilities" inner join "users" on "users"."id" = "user_facilities"."user_id" inner join "facilities" on "facilities"."id" = "user_facilities"."facility_id" where "user_facilities"."id" = ? and "user_facilities"."facility_id" in (?, ?);

-- findUsersOfFacility
select "users"."first_name", "users"."last_name", "users"."email", "users"."role", "users"."active", "user_facilities"."id" as "user_facility_id", "users"."id" as "user_id" from "user_facilities" inner join "users" on "users"."id" = "user_facilities"."user_id" where "user_facilities"."facility_id" = ? order by "users"."email";

-- insertUserFacilities
insert into "user_facilities" () values ();

-- listUserFacilities
select count(*) as "count" from "user_facilities" inner join "users" on "users"."id" = "user_facilities"."user_id" inner join "facilities" on "facilities"."id" = "user_facilities"."facility_id" where "user_facilities"."id" = ? and "user_facilities"."user_id" = ? and "user_facilities"."facility_id" = ? and "user_facilities"."facility_id" in (?, ?) and (("users"."search_text" like ? escape '\') or ("facilities"."search_text" like ? escape '\'));
