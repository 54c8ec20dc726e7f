-- features/oidc/oidc.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- completeOidcLogin
update "oidc_logins" set "0" = ?, "code_verifier" = ?, "nonce" = ? where "id" = ? and "code_verifier" != ?;

-- decideLinkRequest
update "oidc_link_requests" set  where "id" = ? and "status" = ?;

-- deleteEndedOidcLogins
delete from "oidc_logins" where "expires_at" < ?;

-- findIdentity
select * from "user_identities" where "issuer" = ? and "subject" = ?;

-- findLinkRequest
select "oidc_link_requests".*, "users"."email" as "user_email", "users"."first_name" as "user_first_name", "users"."last_name" as "user_last_name", "users"."role" as "user_role" from "oidc_link_requests" inner join "users" on "users"."id" = "oidc_link_requests"."user_id" where "oidc_link_requests"."id" = ?;

-- findOidcLoginByHandoff
select * from "oidc_logins" where "handoff_hash" = ?;

-- findOidcLoginByState
select * from "oidc_logins" where "state_hash" = ?;

-- findPendingLinkRequests
select "oidc_link_requests".*, "users"."email" as "user_email", "users"."first_name" as "user_first_name", "users"."last_name" as "user_last_name", "users"."role" as "user_role" from "oidc_link_requests" inner join "users" on "users"."id" = "oidc_link_requests"."user_id" where "oidc_link_requests"."status" = ? order by "oidc_link_requests"."created_at", "oidc_link_requests"."id";

-- insertIdentity
insert into "user_identities" ("last_sign_in_at") values (?);

-- insertLinkRequest
delete from "oidc_link_requests" where "user_id" = ? and "issuer" = ? and "subject" = ? and "status" = ?;
insert into "oidc_link_requests" () values ();

-- insertOidcLogin
insert into "oidc_logins" () values ();

-- setOidcLoginHandoff
update "oidc_logins" set "handoff_hash" = ?, "user_id" = ? where "id" = ?;

-- setSigningGrant
update "oidc_logins" set "0" = ? where "id" = ? and "purpose" = ?;

-- touchIdentity
update "user_identities" set "last_sign_in_at" = ? where "id" = ?;

-- useOidcHandoff
update "oidc_logins" set "used_at" = ? where "id" = ? and "used_at" is null;
