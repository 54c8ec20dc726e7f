-- features/audit/audit-names.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- auditNamesOf
select "id", "first_name", "last_name", "email" from "users" where "id" in (?);
select "id", "name" from "facilities" where "id" in (?);
