import type { Kysely } from 'kysely';
import { displayNameOf } from '@rtms/shared/display-name';
import type { AuditChanges, AuditEntityType } from '@rtms/shared/schemas/audit';
import type { Database } from '../../db/schema';

/**
 * The names an audit event keeps as they are when it is written: the actor's, the facility's and the
 * object's (a user, facility, requirement, task, document…), read inside the writing transaction so
 * they match the change. A deleted object's name comes from the event's own `before` values.
 */
export interface AuditNames {
  actorName: string | null;
  facilityName: string | null;
  entityName: string | null;
}

type Db = Kysely<Database>;

async function userName(db: Db, id: string): Promise<string | null> {
  const user = await db
    .selectFrom('users')
    .select(['firstName', 'lastName', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
  return user ? displayNameOf(user) || user.email : null;
}

async function facilityName(db: Db, id: string): Promise<string | null> {
  const facility = await db.selectFrom('facilities').select('name').where('id', '=', id).executeTakeFirst();
  return facility?.name ?? null;
}

/** The name a deleted object had, from its `before` values. */
function nameInChanges(changes: AuditChanges | undefined): string | null {
  for (const field of ['title', 'name', 'email']) {
    const value = changes?.[field]?.before ?? changes?.[field]?.after;
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

async function entityName(db: Db, type: AuditEntityType, id: string): Promise<string | null> {
  switch (type) {
    case 'USER':
      return userName(db, id);
    case 'FACILITY':
      return facilityName(db, id);
    case 'REGULATION':
      return (
        (await db.selectFrom('regulations').select('title').where('id', '=', id).executeTakeFirst())?.title ?? null
      );
    case 'PROGRAM_AREA':
      return (
        (await db.selectFrom('program_areas').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null
      );
    case 'REQUIREMENT':
      return (
        (await db.selectFrom('requirements').select('title').where('id', '=', id).executeTakeFirst())?.title ?? null
      );
    case 'TASK': {
      const task = await db
        .selectFrom('tasks')
        .select(['title', 'periodLabel'])
        .where('id', '=', id)
        .executeTakeFirst();
      return task ? `${task.title} (${task.periodLabel})` : null;
    }
    case 'DOCUMENT':
      return (await db.selectFrom('documents').select('title').where('id', '=', id).executeTakeFirst())?.title ?? null;
    case 'USER_FACILITY': {
      const pair = await db
        .selectFrom('user_facilities')
        .select(['userId', 'facilityId'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!pair) return null;
      const [user, facility] = await Promise.all([userName(db, pair.userId), facilityName(db, pair.facilityId)]);
      return user && facility ? `${user} → ${facility}` : null;
    }
    default:
      // A generation run, a calendar feed…: events without a name worth keeping.
      return null;
  }
}

export async function auditNamesOf(
  db: Db,
  event: {
    actorId: string | null;
    facilityId: string | null;
    entityType: AuditEntityType;
    entityId: string;
    changes?: AuditChanges;
  },
): Promise<AuditNames> {
  const [actor, facility, entity] = await Promise.all([
    event.actorId ? userName(db, event.actorId) : null,
    event.facilityId ? facilityName(db, event.facilityId) : null,
    entityName(db, event.entityType, event.entityId),
  ]);
  return {
    actorName: actor,
    facilityName: facility,
    entityName: entity ?? nameInChanges(event.changes),
  };
}
