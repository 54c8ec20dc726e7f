-- features/access-tokens/access-tokens.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- countTokensOfUser
select count(*) as "count" from "access_tokens" where "user_id" = ?;

-- deleteTokenOfUser
select * from "access_tokens" where "user_id" = ? and "id" = ?;

-- deleteTokensOfUser
select * from "access_tokens" where "user_id" = ?;

-- findLiveTokenBySecretHash
select "access_tokens"."id", "access_tokens"."last_used_at", "users"."id" as "user_id", "users"."email", "users"."role", "users"."first_name", "users"."last_name" from "access_tokens" inner join "users" on "users"."id" = "access_tokens"."user_id" where "access_tokens"."secret_hash" = ? and "access_tokens"."expires_on" >= ? and "users"."active" = ?;

-- insertToken
insert into "access_tokens" () values ();

-- listTokensOfUser
select count(*) as "count" from "access_tokens" where "user_id" = ?;
select "id", "name", "expires_on", "last_used_at", "created_at" from "access_tokens" where "user_id" = ? order by case when "id" is null then 1 else 0 end, "id" asc, "id" limit ? offset ?;

-- markTokenUsed
update "access_tokens" set "last_used_at" = ? where "id" = ?;
