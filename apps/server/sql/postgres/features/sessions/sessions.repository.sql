-- features/sessions/sessions.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- clearMfaEnrolmentRequired
update "sessions" set "mfa_enrolment_required" = $1 where "user_id" = $2 and "mfa_enrolment_required" = $3;

-- deleteEndedSessions
delete from "sessions" where ("expires_at" < $1 or "revoked_at" < $2);

-- findSessionWithUser
select "sessions"."id", "sessions"."user_id", "sessions"."expires_at", "sessions"."last_seen_at", "sessions"."revoked_at", "sessions"."mfa_enrolment_required", "users"."first_name", "users"."last_name", "users"."email", "users"."role", "users"."active", "users"."must_change_password", (select "revision" from "tasks_revision" where "id" = $1) as "tasks_revision", (select "revision" from "labels_revision" where "id" = $2) as "labels_revision", (select "revision" from "documents_revision" where "id" = $3) as "documents_revision", (select "revision" from "findings_revision" where "id" = $4) as "findings_revision" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."token_hash" = cast($5 as text);

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
