-- features/regulations/regulations.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- findRegulationByTitle
select * from "regulations" where "title" = $1 order by "created_at";

-- listRegulations
select count(*) as "count" from "regulations" where "active" = $1 and "jurisdiction" = $2 and ("regulations"."search_text" like $3 escape '\');
select * from "regulations" where "active" = $1 and "jurisdiction" = $2 and ("regulations"."search_text" like $3 escape '\') order by case when "id" is null then 1 else 0 end, "id" asc, "search_text", "id" limit $4 offset $5;

-- regulationRows.findById
select * from "regulations" where "id" = $1;

-- regulationRows.findByIds
select * from "regulations" where "id" in ($1, $2);

-- regulationRows.insert
insert into "regulations" () values ();

-- regulationRows.update
update "regulations" set "0" = $1 where "id" = $2;
