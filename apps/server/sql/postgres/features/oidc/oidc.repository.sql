-- features/oidc/oidc.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- completeOidcLogin
update "oidc_logins" set "0" = $1, "code_verifier" = $2, "nonce" = $3 where "id" = $4 and "code_verifier" != $5;

-- decideLinkRequest
update "oidc_link_requests" set  where "id" = $1 and "status" = $2;

-- deleteEndedOidcLogins
delete from "oidc_logins" where "expires_at" < $1;

-- findIdentity
select * from "user_identities" where "issuer" = $1 and "subject" = $2;

-- findLinkRequest
select "oidc_link_requests".*, "users"."email" as "user_email", "users"."first_name" as "user_first_name", "users"."last_name" as "user_last_name", "users"."role" as "user_role" from "oidc_link_requests" inner join "users" on "users"."id" = "oidc_link_requests"."user_id" where "oidc_link_requests"."id" = $1;

-- findOidcLoginByHandoff
select * from "oidc_logins" where "handoff_hash" = $1;

-- findOidcLoginByState
select * from "oidc_logins" where "state_hash" = $1;

-- findPendingLinkRequests
select "oidc_link_requests".*, "users"."email" as "user_email", "users"."first_name" as "user_first_name", "users"."last_name" as "user_last_name", "users"."role" as "user_role" from "oidc_link_requests" inner join "users" on "users"."id" = "oidc_link_requests"."user_id" where "oidc_link_requests"."status" = $1 order by "oidc_link_requests"."created_at", "oidc_link_requests"."id";

-- insertIdentity
insert into "user_identities" ("last_sign_in_at") values ($1);

-- insertLinkRequest
delete from "oidc_link_requests" where "user_id" = $1 and "issuer" = $2 and "subject" = $3 and "status" = $4;
insert into "oidc_link_requests" () values ();

-- insertOidcLogin
insert into "oidc_logins" () values ();

-- setOidcLoginHandoff
update "oidc_logins" set "handoff_hash" = $1, "user_id" = $2 where "id" = $3;

-- setSigningGrant
update "oidc_logins" set "0" = $1 where "id" = $2 and "purpose" = $3;

-- touchIdentity
update "user_identities" set "last_sign_in_at" = $1 where "id" = $2;

-- useOidcHandoff
update "oidc_logins" set "used_at" = $1 where "id" = $2 and "used_at" is null;
