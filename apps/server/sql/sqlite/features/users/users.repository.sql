-- features/users/users.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- countUsers
select count(*) as "count" from "users";

-- findUserByEmail
select * from "users" where "email" = ?;

-- findVisibleUser
select * from "users" where "id" = ?;

-- listUsers
select count(*) as "count" from "users" where "id" = ? and "role" = ? and "active" = ? and "id" in (select "user_id" from "user_facilities" where "facility_id" = ?) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("users"."search_text" like ? escape '\');
select * from "users" where "id" = ? and "role" = ? and "active" = ? and "id" in (select "user_id" from "user_facilities" where "facility_id" = ?) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("role" in (?, ?) or "id" in (select "user_id" from "user_facilities" where "facility_id" = ?)) and ("users"."search_text" like ? escape '\') order by case when "id" is null then 1 else 0 end, "id" asc, "email", "id" limit ? offset ?;

-- lockActiveAdminIds
select "id" from "users" where "role" = ? and "active" = ? order by "id";

-- userRows.findById
select * from "users" where "id" = ?;

-- userRows.findByIds
select * from "users" where "id" in (?, ?);

-- userRows.insert
insert into "users" () values ();

-- userRows.update
update "users" set "0" = ? where "id" = ?;
