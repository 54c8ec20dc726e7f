-- features/program-areas/program-areas.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- findProgramAreaByNameKey
select * from "program_areas" where "name_key" = $1;

-- listProgramAreas
select count(*) as "count" from "program_areas" where "active" = $1 and ("program_areas"."search_text" like $2 escape '\');
select * from "program_areas" where "active" = $1 and ("program_areas"."search_text" like $2 escape '\') order by case when "id" is null then 1 else 0 end, "id" asc, "search_text", "id" limit $3 offset $4;

-- programAreaRows.findById
select * from "program_areas" where "id" = $1;

-- programAreaRows.findByIds
select * from "program_areas" where "id" in ($1, $2);

-- programAreaRows.insert
insert into "program_areas" () values ();

-- programAreaRows.update
update "program_areas" set "0" = $1 where "id" = $2;
