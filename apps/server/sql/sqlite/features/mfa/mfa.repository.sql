-- features/mfa/mfa.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- claimStep
update "user_mfa" set "last_used_step" = ?, "updated_at" = ?, "confirmed_at" = ? where "user_id" = ? and ("last_used_step" is null or "last_used_step" < ?) and "confirmed_at" is null;

-- countChallengeFailure
update "mfa_challenges" set "failed_attempts" = "failed_attempts" + ? where "id" = ?;
select "failed_attempts" from "mfa_challenges" where "id" = ?;

-- countUnusedBackupCodes
select count(*) as "count" from "user_mfa_backup_codes" where "user_id" = ? and "used_at" is null;

-- deleteEndedChallenges
delete from "mfa_challenges" where "expires_at" < ?;

-- deleteUserMfa
delete from "user_mfa_backup_codes" where "user_id" = ?;
delete from "user_mfa" where "user_id" = ?;

-- findChallenge
select * from "mfa_challenges" where "token_hash" = ?;

-- findSetting
select "value" from "security_settings" where "name" = ?;

-- findUserMfa
select * from "user_mfa" where "user_id" = ?;

-- findUsersWithSecondFactor
select "user_id" from "user_mfa" where "user_id" in (?, ?) and "confirmed_at" is not null;

-- insertChallenge
insert into "mfa_challenges" ("used_at") values (?);

-- replaceBackupCodes
delete from "user_mfa_backup_codes" where "user_id" = ?;
insert into "user_mfa_backup_codes" ("0", "1", "2", "3", "4", "5", "6", "user_id", "used_at", "created_at") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

-- upsertPendingMfa
insert into "user_mfa" ("user_id", "secret_encrypted", "confirmed_at", "last_used_step", "created_at", "updated_at") values (?, ?, ?, ?, ?, ?) on conflict ("user_id") do update set "secret_encrypted" = ?, "confirmed_at" = ?, "last_used_step" = ?, "updated_at" = ?;

-- upsertSetting
insert into "security_settings" ("name", "value", "updated_at") values (?, ?, ?) on conflict ("name") do update set "value" = ?, "updated_at" = ?;

-- useBackupCode
update "user_mfa_backup_codes" set "used_at" = ? where "user_id" = ? and "code_hash" = ? and "used_at" is null;

-- useChallenge
update "mfa_challenges" set "used_at" = ? where "id" = ? and "used_at" is null;
