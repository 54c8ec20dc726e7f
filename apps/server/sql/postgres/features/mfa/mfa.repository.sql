-- features/mfa/mfa.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- claimStep
update "user_mfa" set "last_used_step" = $1, "updated_at" = $2, "confirmed_at" = $3 where "user_id" = $4 and ("last_used_step" is null or "last_used_step" < $5) and "confirmed_at" is null;

-- countChallengeFailure
update "mfa_challenges" set "failed_attempts" = "failed_attempts" + $1 where "id" = $2;
select "failed_attempts" from "mfa_challenges" where "id" = $1;

-- countUnusedBackupCodes
select count(*) as "count" from "user_mfa_backup_codes" where "user_id" = $1 and "used_at" is null;

-- deleteEndedChallenges
delete from "mfa_challenges" where "expires_at" < $1;

-- deleteUserMfa
delete from "user_mfa_backup_codes" where "user_id" = $1;
delete from "user_mfa" where "user_id" = $1;

-- findChallenge
select * from "mfa_challenges" where "token_hash" = $1;

-- findSetting
select "value" from "security_settings" where "name" = $1;

-- findUserMfa
select * from "user_mfa" where "user_id" = $1;

-- findUsersWithSecondFactor
select "user_id" from "user_mfa" where "user_id" in ($1, $2) and "confirmed_at" is not null;

-- insertChallenge
insert into "mfa_challenges" ("used_at") values ($1);

-- replaceBackupCodes
delete from "user_mfa_backup_codes" where "user_id" = $1;
insert into "user_mfa_backup_codes" ("0", "1", "2", "3", "4", "5", "6", "user_id", "used_at", "created_at") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10), ($11, $12, $13, $14, $15, $16, $17, $18, $19, $20);

-- upsertPendingMfa
insert into "user_mfa" ("user_id", "secret_encrypted", "confirmed_at", "last_used_step", "created_at", "updated_at") values ($1, $2, $3, $4, $5, $6) on conflict ("user_id") do update set "secret_encrypted" = $7, "confirmed_at" = $8, "last_used_step" = $9, "updated_at" = $10;

-- upsertSetting
insert into "security_settings" ("name", "value", "updated_at") values ($1, $2, $3) on conflict ("name") do update set "value" = $4, "updated_at" = $5;

-- useBackupCode
update "user_mfa_backup_codes" set "used_at" = $1 where "user_id" = $2 and "code_hash" = $3 and "used_at" is null;

-- useChallenge
update "mfa_challenges" set "used_at" = $1 where "id" = $2 and "used_at" is null;
