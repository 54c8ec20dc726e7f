-- features/report-embed/report-settings.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- findReportSetting
select "value" from "report_settings" where "name" = $1;

-- upsertReportSetting
insert into "report_settings" ("name", "value", "updated_at") values ($1, $2, $3) on conflict ("name") do update set "value" = $4, "updated_at" = $5;
