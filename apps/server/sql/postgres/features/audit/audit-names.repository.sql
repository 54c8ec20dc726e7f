-- features/audit/audit-names.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- auditNamesOf
select "id", "first_name", "last_name", "email" from "users" where "id" in ($1);
select "id", "name" from "facilities" where "id" in ($1);
