-- features/audit/audit.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- countAuditEvents
select count(*) as "count" from "audit_events" where "entity_type" = ? and "entity_id" = ? and "actor_id" = ? and "action" = ? and "facility_id" = ? and "at" >= ? and "at" <= ? and "seq" > ? and "seq" <= ? and "audit_events"."facility_id" in (?, ?) and (coalesce("actor_email", '') like ? escape '\'
          or lower("action") like ? escape '\'
          or lower("entity_type") like ? escape '\'
          or lower("entity_id") like ? escape '\');

-- findAuditEventById
select * from "audit_events" where "id" = ?;

-- findAuditEventsAfter
select * from "audit_events" where "seq" > ? order by "seq" asc limit ?;

-- findEventsOfEntities
select * from "audit_events" where ("entity_type" = ? and "entity_id" in (?, ?)) order by "seq" desc limit ?;

-- findLastAuditEvent
select "seq", "hash" from "audit_events" order by "seq" desc limit ?;

-- insertAuditEvent
insert into "audit_events" () values ();

-- listAuditEvents
select * from "audit_events" where "entity_type" = ? and "entity_id" = ? and "actor_id" = ? and "action" = ? and "facility_id" = ? and "at" >= ? and "at" <= ? and "seq" > ? and "seq" <= ? and "audit_events"."facility_id" in (?, ?) and (coalesce("actor_email", '') like ? escape '\'
          or lower("action") like ? escape '\'
          or lower("entity_type") like ? escape '\'
          or lower("entity_id") like ? escape '\') order by "seq" asc limit ? offset ?;
