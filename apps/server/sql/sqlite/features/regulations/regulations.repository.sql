-- features/regulations/regulations.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- findRegulationByTitle
select * from "regulations" where "title" = ? order by "created_at";

-- listRegulations
select count(*) as "count" from "regulations" where "active" = ? and "jurisdiction" = ? and ("regulations"."search_text" like ? escape '\');
select * from "regulations" where "active" = ? and "jurisdiction" = ? and ("regulations"."search_text" like ? escape '\') order by case when "id" is null then 1 else 0 end, "id" asc, "search_text", "id" limit ? offset ?;

-- regulationRows.findById
select * from "regulations" where "id" = ?;

-- regulationRows.findByIds
select * from "regulations" where "id" in (?, ?);

-- regulationRows.insert
insert into "regulations" () values ();

-- regulationRows.update
update "regulations" set "0" = ? where "id" = ?;
