-- features/report-embed/report-settings.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- findReportSetting
select "value" from "report_settings" where "name" = ?;

-- upsertReportSetting
insert into "report_settings" ("name", "value", "updated_at") values (?, ?, ?) on conflict ("name") do update set "value" = ?, "updated_at" = ?;
