import type { Kysely } from 'kysely';
import type { Role } from '@rtms/shared/enums';
import type { Database } from '../../db/schema';
import type { BindingRow, RequirementRow } from '../requirements/requirements.table';

/**
 * Everything an import resolves names against, read once per file (a few queries whatever the row
 * count): regulations, program areas, facilities, users with their facilities, and the existing
 * requirements with their bindings (to match rows by their natural key).
 */
export interface ImportDirectory {
  regulations: { id: string; title: string; citation: string | null }[];
  programAreas: { id: string; name: string }[];
  facilities: { id: string; code: string; name: string; timeZone: string }[];
  facilityById: Map<string, { id: string; code: string; name: string; timeZone: string }>;
  users: { id: string; email: string; role: Role; active: boolean }[];
  /** userId → the facilities assigned to that user. */
  userFacilities: Map<string, Set<string>>;
  requirements: RequirementRow[];
  /** requirementId → its bindings (bound or not). */
  bindings: Map<string, BindingRow[]>;
}

export async function loadImportDirectory(db: Kysely<Database>): Promise<ImportDirectory> {
  const [regulations, programAreas, facilities, users, userFacilities, requirements, bindings] = await Promise.all([
    db.selectFrom('regulations').select(['id', 'title', 'citation']).execute(),
    db.selectFrom('program_areas').select(['id', 'name']).execute(),
    db.selectFrom('facilities').select(['id', 'code', 'name', 'timeZone']).execute(),
    db.selectFrom('users').select(['id', 'email', 'role', 'active']).execute(),
    db.selectFrom('user_facilities').select(['userId', 'facilityId']).execute(),
    db.selectFrom('requirements').selectAll().execute(),
    db.selectFrom('requirement_facilities').selectAll().execute(),
  ]);
  const byUser = new Map<string, Set<string>>();
  for (const link of userFacilities) {
    const set = byUser.get(link.userId) ?? new Set<string>();
    set.add(link.facilityId);
    byUser.set(link.userId, set);
  }
  const byRequirement = new Map<string, BindingRow[]>();
  for (const binding of bindings) {
    const list = byRequirement.get(binding.requirementId) ?? [];
    list.push(binding);
    byRequirement.set(binding.requirementId, list);
  }
  return {
    regulations,
    programAreas,
    facilities,
    facilityById: new Map(facilities.map((facility) => [facility.id, facility])),
    users: users.map((user) => ({ ...user, active: Boolean(user.active) })),
    userFacilities: byUser,
    requirements,
    bindings: byRequirement,
  };
}
