-- features/health/health.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- pingDatabase
select 1 as ok;
