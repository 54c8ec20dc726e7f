-- features/facilities/facilities.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- facilityRows.findById
select * from "facilities" where "id" = ?;

-- facilityRows.findByIds
select * from "facilities" where "id" in (?, ?);

-- facilityRows.insert
insert into "facilities" () values ();

-- facilityRows.update
update "facilities" set "0" = ? where "id" = ?;

-- findFacilitiesByCodes
select "id", "code" from "facilities" where "code" in (?, ?);

-- findFacilityByCode
select * from "facilities" where "code" = ?;

-- findFacilityByNameKey
select * from "facilities" where "name_key" = ?;

-- findProgramAreaIdsOfFacilities
select "facility_program_areas"."facility_id", "facility_program_areas"."program_area_id" from "facility_program_areas" inner join "program_areas" on "program_areas"."id" = "facility_program_areas"."program_area_id" where "facility_program_areas"."facility_id" in (?, ?) order by "program_areas"."search_text";

-- listFacilities
select count(*) as "count" from "facilities" where "type" = ? and "status" = ? and "state" = ? and "id" in (select "facility_id" from "facility_program_areas" where "program_area_id" = ?) and "facilities"."id" in (?, ?) and ("facilities"."search_text" like ? escape '\');
select * from "facilities" where "type" = ? and "status" = ? and "state" = ? and "id" in (select "facility_id" from "facility_program_areas" where "program_area_id" = ?) and "facilities"."id" in (?, ?) and ("facilities"."search_text" like ? escape '\') order by case when "id" is null then 1 else 0 end, "id" asc, "search_text", "id" limit ? offset ?;

-- replaceFacilityProgramAreas
delete from "facility_program_areas" where "facility_id" = ?;
insert into "facility_program_areas" ("facility_id", "program_area_id") values (?, ?), (?, ?);
