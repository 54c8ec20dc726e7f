-- features/requirement-import/import-directory.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- loadImportDirectory
select "id", "title", "citation" from "regulations";
select "id", "name" from "program_areas";
select "id", "code", "name", "time_zone" from "facilities";
select "id", "email", "role", "active" from "users";
select "user_id", "facility_id" from "user_facilities";
select * from "requirements";
select * from "requirement_facilities";
