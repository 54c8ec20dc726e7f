-- features/access-tokens/access-tokens.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- countTokensOfUser
select count(*) as "count" from "access_tokens" where "user_id" = $1;

-- deleteTokenOfUser
select * from "access_tokens" where "user_id" = $1 and "id" = $2;

-- deleteTokensOfUser
select * from "access_tokens" where "user_id" = $1;

-- findLiveTokenBySecretHash
select "access_tokens"."id", "access_tokens"."last_used_at", "users"."id" as "user_id", "users"."email", "users"."role", "users"."first_name", "users"."last_name" from "access_tokens" inner join "users" on "users"."id" = "access_tokens"."user_id" where "access_tokens"."secret_hash" = $1 and "access_tokens"."expires_on" >= $2 and "users"."active" = $3;

-- insertToken
insert into "access_tokens" () values ();

-- listTokensOfUser
select count(*) as "count" from "access_tokens" where "user_id" = $1;
select "id", "name", "expires_on", "last_used_at", "created_at" from "access_tokens" where "user_id" = $1 order by case when "id" is null then 1 else 0 end, "id" asc, "id" limit $2 offset $3;

-- markTokenUsed
update "access_tokens" set "last_used_at" = $1 where "id" = $2;
