-- features/sessions/sessions.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- clearMfaEnrolmentRequired
update "sessions" set "mfa_enrolment_required" = $1 where "user_id" = $2 and "mfa_enrolment_required" = $3;

-- deleteEndedSessions
delete from "sessions" where ("expires_at" < $1 or "revoked_at" < $2);

-- findSessionWithUser
select "sessions"."id", "sessions"."user_id", "sessions"."expires_at", "sessions"."last_seen_at", "sessions"."revoked_at", "sessions"."mfa_enrolment_required", (select "users"."email" from "users" where "users"."id" = "sessions"."user_id") as "email", (select "users"."first_name" from "users" where "users"."id" = "sessions"."user_id") as "first_name", (select "users"."last_name" from "users" where "users"."id" = "sessions"."user_id") as "last_name", (select "users"."role" from "users" where "users"."id" = "sessions"."user_id") as "role", (select "users"."active" from "users" where "users"."id" = "sessions"."user_id") as "active", (select "users"."must_change_password" from "users" where "users"."id" = "sessions"."user_id") as "must_change_password" from "sessions" where "sessions"."token_hash" = $1;

-- insertSession
insert into "sessions" () values ();

-- isSessionLive
select "id" from "sessions" where "id" = $1 and "revoked_at" is null and "expires_at" > $2;

-- revokeSession
update "sessions" set "revoked_at" = $1 where "id" = $2 and "revoked_at" is null;

-- revokeUserSessions
update "sessions" set "revoked_at" = $1 where "user_id" = $2 and "revoked_at" is null and "id" != $3;

-- touchSession
update "sessions" set "last_seen_at" = $1 where "id" = $2;
