-- features/audit/audit.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- countAuditEvents
select count(*) as "count" from "audit_events" where "entity_type" = $1 and "entity_id" = $2 and "actor_id" = $3 and "action" = $4 and "facility_id" = $5 and "at" >= $6 and "at" <= $7 and "seq" > $8 and "seq" <= $9 and "audit_events"."facility_id" in ($10, $11) and (coalesce("actor_email", '') like $12 escape '\'
          or lower("action") like $13 escape '\'
          or lower("entity_type") like $14 escape '\'
          or lower("entity_id") like $15 escape '\');

-- findAuditEventById
select * from "audit_events" where "id" = $1;

-- findAuditEventsAfter
select * from "audit_events" where "seq" > $1 order by "seq" asc limit $2;

-- findEventsOfEntities
select * from "audit_events" where ("entity_type" = $1 and "entity_id" in ($2, $3)) order by "seq" desc limit $4;

-- findLastAuditEvent
select "seq", "hash" from "audit_events" order by "seq" desc limit $1;

-- insertAuditEvent
insert into "audit_events" () values ();

-- listAuditEvents
select * from "audit_events" where "entity_type" = $1 and "entity_id" = $2 and "actor_id" = $3 and "action" = $4 and "facility_id" = $5 and "at" >= $6 and "at" <= $7 and "seq" > $8 and "seq" <= $9 and "audit_events"."facility_id" in ($10, $11) and (coalesce("actor_email", '') like $12 escape '\'
          or lower("action") like $13 escape '\'
          or lower("entity_type") like $14 escape '\'
          or lower("entity_id") like $15 escape '\') order by "seq" asc limit $16 offset $17;

-- lockAuditChain
select pg_advisory_xact_lock($1);
