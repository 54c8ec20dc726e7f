-- features/sessions/sessions.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- clearMfaEnrolmentRequired
update "sessions" set "mfa_enrolment_required" = ? where "user_id" = ? and "mfa_enrolment_required" = ?;

-- deleteEndedSessions
delete from "sessions" where ("expires_at" < ? or "revoked_at" < ?);

-- findSessionWithUser
select "sessions"."id", "sessions"."user_id", "sessions"."expires_at", "sessions"."last_seen_at", "sessions"."revoked_at", "sessions"."mfa_enrolment_required", "users"."first_name", "users"."last_name", "users"."email", "users"."role", "users"."active", "users"."must_change_password", (select "revision" from "tasks_revision" where "id" = ?) as "tasks_revision", (select "revision" from "labels_revision" where "id" = ?) as "labels_revision", (select "revision" from "documents_revision" where "id" = ?) as "documents_revision", (select "revision" from "findings_revision" where "id" = ?) as "findings_revision" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."token_hash" = cast(? as text);

-- insertSession
insert into "sessions" () values ();

-- isSessionLive
select "id" from "sessions" where "id" = ? and "revoked_at" is null and "expires_at" > ?;

-- revokeSession
update "sessions" set "revoked_at" = ? where "id" = ? and "revoked_at" is null;

-- revokeUserSessions
update "sessions" set "revoked_at" = ? where "user_id" = ? and "revoked_at" is null and "id" != ?;

-- touchSession
update "sessions" set "last_seen_at" = ? where "id" = ?;
