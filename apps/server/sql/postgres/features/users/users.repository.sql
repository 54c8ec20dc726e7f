-- features/users/users.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- countUsers
select count(*) as "count" from "users";

-- findUserByEmail
select * from "users" where "email" = $1;

-- findVisibleUser
select * from "users" where "id" = $1;

-- listUsers
select count(*) as "count" from "users" where "id" = $1 and "role" = $2 and "active" = $3 and "id" in (select "user_id" from "user_facilities" where "facility_id" = $4) and ("role" in ($5, $6) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $7)) and ("role" in ($8, $9) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $10)) and ("role" in ($11, $12) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $13)) and ("role" in ($14, $15) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $16)) and ("role" in ($17, $18) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $19)) and ("role" in ($20, $21) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $22)) and ("role" in ($23, $24) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $25)) and ("role" in ($26, $27) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $28)) and ("role" in ($29, $30) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $31)) and ("role" in ($32, $33) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $34)) and ("users"."search_text" like $35 escape '\');
select * from "users" where "id" = $1 and "role" = $2 and "active" = $3 and "id" in (select "user_id" from "user_facilities" where "facility_id" = $4) and ("role" in ($5, $6) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $7)) and ("role" in ($8, $9) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $10)) and ("role" in ($11, $12) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $13)) and ("role" in ($14, $15) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $16)) and ("role" in ($17, $18) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $19)) and ("role" in ($20, $21) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $22)) and ("role" in ($23, $24) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $25)) and ("role" in ($26, $27) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $28)) and ("role" in ($29, $30) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $31)) and ("role" in ($32, $33) or "id" in (select "user_id" from "user_facilities" where "facility_id" = $34)) and ("users"."search_text" like $35 escape '\') order by case when "id" is null then 1 else 0 end, "id" asc, "email", "id" limit $36 offset $37;

-- lockActiveAdminIds
select "id" from "users" where "role" = $1 and "active" = $2 order by "id" for update;

-- userRows.findById
select * from "users" where "id" = $1;

-- userRows.findByIds
select * from "users" where "id" in ($1, $2);

-- userRows.insert
insert into "users" () values ();

-- userRows.update
update "users" set "0" = $1 where "id" = $2;
