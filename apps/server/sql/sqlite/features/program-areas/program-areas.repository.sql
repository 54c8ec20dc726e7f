-- features/program-areas/program-areas.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- findProgramAreaByNameKey
select * from "program_areas" where "name_key" = ?;

-- listProgramAreas
select count(*) as "count" from "program_areas" where "active" = ? and ("program_areas"."search_text" like ? escape '\');
select * from "program_areas" where "active" = ? and ("program_areas"."search_text" like ? escape '\') order by case when "id" is null then 1 else 0 end, "id" asc, "search_text", "id" limit ? offset ?;

-- programAreaRows.findById
select * from "program_areas" where "id" = ?;

-- programAreaRows.findByIds
select * from "program_areas" where "id" in (?, ?);

-- programAreaRows.insert
insert into "program_areas" () values ();

-- programAreaRows.update
update "program_areas" set "0" = ? where "id" = ?;
