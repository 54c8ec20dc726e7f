-- features/facilities/facilities.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- facilityRows.findById
select * from "facilities" where "id" = $1;

-- facilityRows.findByIds
select * from "facilities" where "id" in ($1, $2);

-- facilityRows.insert
insert into "facilities" () values ();

-- facilityRows.update
update "facilities" set "0" = $1 where "id" = $2;

-- findFacilitiesByCodes
select "id", "code" from "facilities" where "code" in ($1, $2);

-- findFacilityByCode
select * from "facilities" where "code" = $1;

-- findFacilityByNameKey
select * from "facilities" where "name_key" = $1;

-- findProgramAreaIdsOfFacilities
select "facility_program_areas"."facility_id", "facility_program_areas"."program_area_id" from "facility_program_areas" inner join "program_areas" on "program_areas"."id" = "facility_program_areas"."program_area_id" where "facility_program_areas"."facility_id" in ($1, $2) order by "program_areas"."search_text";

-- listFacilities
select count(*) as "count" from "facilities" where "type" = $1 and "status" = $2 and "state" = $3 and "id" in (select "facility_id" from "facility_program_areas" where "program_area_id" = $4) and "facilities"."id" in ($5, $6) and ("facilities"."search_text" like $7 escape '\');
select * from "facilities" where "type" = $1 and "status" = $2 and "state" = $3 and "id" in (select "facility_id" from "facility_program_areas" where "program_area_id" = $4) and "facilities"."id" in ($5, $6) and ("facilities"."search_text" like $7 escape '\') order by case when "id" is null then 1 else 0 end, "id" asc, "search_text", "id" limit $8 offset $9;

-- replaceFacilityProgramAreas
delete from "facility_program_areas" where "facility_id" = $1;
insert into "facility_program_areas" ("facility_id", "program_area_id") values ($1, $2), ($3, $4);
