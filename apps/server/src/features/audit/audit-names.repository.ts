import { displayNameOf } from '@rtms/shared/display-name';
import type { AuditChanges, AuditEntityType } from '@rtms/shared/schemas/audit';
import type { Db } from '../../db/schema';

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

/** A changed value, before or after (a deleted object's is only before). */
function valueIn(changes: AuditChanges | undefined, field: string): unknown {
  return changes?.[field]?.before ?? changes?.[field]?.after;
}

/**
 * The name a deleted object had, from its `before` values; for events of no stored object, the name the event
 * itself records: a holiday's name and date, an import's file name.
 */
function nameInChanges(changes: AuditChanges | undefined): string | null {
  for (const field of ['title', 'name', 'email', 'reference']) {
    const value = valueIn(changes, field);
    if (typeof value === 'string' && value) return value;
  }
  const holiday = valueIn(changes, 'holiday') as { name?: unknown; date?: unknown } | undefined;
  if (typeof holiday?.name === 'string') return `${holiday.name} (${String(holiday.date)})`;
  const file = valueIn(changes, 'file') as { name?: unknown } | undefined;
  if (typeof file?.name === 'string') return file.name;
  return null;
}

/** The table that names an entity of each type (a user–facility pair is named by its two ends, below). */
const ENTITY_TABLES: Partial<Record<AuditEntityType, NamedTable>> = {
  USER: 'users',
  FACILITY: 'facilities',
  REGULATION: 'regulations',
  PROGRAM_AREA: 'program_areas',
  REQUIREMENT: 'requirements',
  TASK: 'tasks',
  DOCUMENT: 'documents',
  PERMIT: 'permits',
  PERMIT_CONDITION: 'permit_conditions',
  FINDING: 'findings',
  CORRECTIVE_ACTION: 'corrective_actions',
};

/** One object's name, as `namesIn` names it; null when it does not exist. */
async function nameOf(db: Db, table: NamedTable, id: string): Promise<string | null> {
  const [found] = await namesIn(db, table, [id]);
  return found?.[1] ?? null;
}

async function entityName(
  db: Db,
  type: AuditEntityType,
  id: string,
  changes: AuditChanges | undefined,
): Promise<string | null> {
  if (type === 'USER_FACILITY') {
    // A removed pair is named by the two ends its event records.
    const recorded = { userId: valueIn(changes, 'userId'), facilityId: valueIn(changes, 'facilityId') };
    const pair =
      (await db
        .selectFrom('user_facilities')
        .select(['userId', 'facilityId'])
        .where('id', '=', id)
        .executeTakeFirst()) ??
      (typeof recorded.userId === 'string' && typeof recorded.facilityId === 'string'
        ? { userId: recorded.userId, facilityId: recorded.facilityId }
        : undefined);
    if (!pair) return null;
    const [user, facility] = await Promise.all([
      nameOf(db, 'users', pair.userId),
      nameOf(db, 'facilities', pair.facilityId),
    ]);
    return user && facility ? `${user} → ${facility}` : null;
  }
  if (type === 'REPORT_SUBSCRIPTION') {
    // A scheduled report is named by its owner (its kind and frequency are in the event's words).
    const owner = await db.selectFrom('report_subscriptions').select('userId').where('id', '=', id).executeTakeFirst();
    return owner ? nameOf(db, 'users', owner.userId) : null;
  }
  const table = ENTITY_TABLES[type];
  // Other types (a generation run, a calendar feed…): events without a name worth keeping.
  return table ? nameOf(db, table, id) : null;
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
    event.actorId ? nameOf(db, 'users', event.actorId) : null,
    event.facilityId ? nameOf(db, 'facilities', event.facilityId) : null,
    entityName(db, event.entityType, event.entityId, event.changes),
  ]);
  return {
    actorName: actor,
    facilityName: facility,
    entityName: entity ?? nameInChanges(event.changes),
  };
}

type NamedTable =
  | 'users'
  | 'facilities'
  | 'requirements'
  | 'regulations'
  | 'program_areas'
  | 'documents'
  | 'tasks'
  | 'permits'
  | 'permit_conditions'
  | 'findings'
  | 'corrective_actions';

/** Changed fields whose values are ids (one or a list) of another object, and that object's table. */
const REFERENCE_FIELDS: Record<string, NamedTable> = {
  assigneeId: 'users',
  defaultAssigneeId: 'users',
  completedById: 'users',
  userId: 'users',
  userIds: 'users',
  handedOverTo: 'users',
  facilityId: 'facilities',
  facilityIds: 'facilities',
  requirementId: 'requirements',
  requirementIds: 'requirements',
  regulationId: 'regulations',
  programAreaId: 'program_areas',
  programAreaIds: 'program_areas',
  documentId: 'documents',
  taskId: 'tasks',
  taskIds: 'tasks',
  permitId: 'permits',
  previousVersionId: 'permits',
  nextVersionId: 'permits',
  ownerId: 'users',
  verifiedBy: 'users',
  findingId: 'findings',
  documentIds: 'documents',
};

function idsIn(value: unknown): string[] {
  if (typeof value === 'string' && value) return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string' && item !== '');
  return [];
}

async function namesIn(db: Db, table: NamedTable, ids: string[]): Promise<[string, string][]> {
  switch (table) {
    case 'users': {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'firstName', 'lastName', 'email'])
        .where('id', 'in', ids)
        .execute();
      return rows.map((row) => [row.id, displayNameOf(row) || row.email]);
    }
    case 'facilities':
      return (await db.selectFrom('facilities').select(['id', 'name']).where('id', 'in', ids).execute()).map((row) => [
        row.id,
        row.name,
      ]);
    case 'program_areas':
      return (await db.selectFrom('program_areas').select(['id', 'name']).where('id', 'in', ids).execute()).map(
        (row) => [row.id, row.name],
      );
    case 'tasks':
      return (await db.selectFrom('tasks').select(['id', 'title', 'periodLabel']).where('id', 'in', ids).execute()).map(
        (row) => [row.id, `${row.title} (${row.periodLabel})`],
      );
    case 'permits':
      return (await db.selectFrom('permits').select(['id', 'number', 'version']).where('id', 'in', ids).execute()).map(
        (row) => [row.id, `${row.number} (v${Number(row.version)})`],
      );
    case 'permit_conditions':
      return (
        await db
          .selectFrom('permit_conditions')
          .innerJoin('permits', 'permits.id', 'permit_conditions.permitId')
          .select(['permit_conditions.id', 'permit_conditions.reference', 'permits.number'])
          .where('permit_conditions.id', 'in', ids)
          .execute()
      ).map((row) => [row.id, `${row.number} ${row.reference}`]);
    default:
      return (await db.selectFrom(table).select(['id', 'title']).where('id', 'in', ids).execute()).map((row) => [
        row.id,
        row.title,
      ]);
  }
}

/**
 * The names of the objects an event's changed values point to (`{id: name}`, JSON), read in the
 * writing transaction; null when no changed value is such an id.
 */
export async function valueNamesOf(db: Db, changes: AuditChanges | undefined): Promise<string | null> {
  const wanted = new Map<NamedTable, Set<string>>();
  // Ids inside a changed object count too (a requirement's facility binding: {assigneeId, …}).
  const collect = (field: string, value: unknown): void => {
    const table = REFERENCE_FIELDS[field];
    if (table) {
      const ids = wanted.get(table) ?? new Set<string>();
      for (const id of idsIn(value)) ids.add(id);
      wanted.set(table, ids);
    } else if (Array.isArray(value)) {
      for (const item of value) collect('', item);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) collect(key, inner);
    }
  };
  for (const [field, change] of Object.entries(changes ?? {})) {
    collect(field, change.before);
    collect(field, change.after);
  }
  const found = await Promise.all(
    [...wanted].filter(([, ids]) => ids.size > 0).map(([table, ids]) => namesIn(db, table, [...ids])),
  );
  const names = Object.fromEntries(found.flat());
  return Object.keys(names).length ? JSON.stringify(names) : null;
}
