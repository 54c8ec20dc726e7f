import type { Role } from './enums';
import { can, seesAllFacilities } from './permissions';

/**
 * What a caller may do to one requirement, decided once for the server (which refuses anything else
 * with 403) and the screens (which offer only these): a facility administrator may change or retire a
 * requirement only when every facility it binds is one of theirs.
 */
export const REQUIREMENT_ACTIONS = ['update', 'retire'] as const;
export type RequirementAction = (typeof REQUIREMENT_ACTIONS)[number];

export interface RequirementActionContext {
  role: Role;
  /** The caller's facilities (ignored for the all-facility roles). */
  callerFacilityIds: readonly string[];
  /** Every facility the requirement binds (in or out of the caller's scope). */
  boundFacilityIds: readonly string[];
  status: 'ACTIVE' | 'RETIRED';
}

/**
 * Whether a role's actions on a requirement depend on the facilities it binds: only a facility role that
 * manages requirements. For every other role the list need not read the bindings (decision 029).
 */
export function actionsDependOnBindings(role: Role): boolean {
  return can(role, 'requirement:manage') && !seesAllFacilities(role);
}

/** Why a requirement may not be changed by this caller, or null when it may. */
export function requirementChangeRefusal(context: Omit<RequirementActionContext, 'status'>): string | null {
  if (!can(context.role, 'requirement:manage')) return 'You do not have permission to change requirements';
  if (seesAllFacilities(context.role)) return null;
  const outside = context.boundFacilityIds.some((id) => !context.callerFacilityIds.includes(id));
  return outside
    ? 'This requirement also applies to facilities outside yours; only an all-facility administrator or user can change it'
    : null;
}

export function requirementActionsOf(context: RequirementActionContext): RequirementAction[] {
  if (requirementChangeRefusal(context) !== null) return [];
  return context.status === 'ACTIVE' ? ['update', 'retire'] : ['update'];
}
