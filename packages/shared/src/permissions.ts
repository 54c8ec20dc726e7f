import type { Role } from './enums';

/**
 * Every action a role may be allowed, by role (the role table of the user guide, docs/guide/).
 * Facility-scoped actions ("own facilities") are granted here to the facility roles;
 * the server additionally checks that the object lies within the caller's facilities.
 */
export const PERMISSIONS = {
  'user:create': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER'],
  'user:editRole': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER'],
  'user:resetPassword': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER'],
  'user:list': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN'],
  'user:update': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER'],
  'facility:create': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER'],
  'facility:update': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN'],
  'facility:deactivate': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER'],
  'settings:view': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER'],
  'settings:manage': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER'],
  'userFacility:view': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER'],
  'userFacility:manage': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER'],
  'profile:menu': ['FACILITY_USER'],
  'requirement:manage': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN'],
  'task:complete': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'],
  'task:reopen': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN'],
  'task:assign': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN'],
  'task:attachEvidence': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'],
  'document:upload': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'],
  'document:archive': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN'],
  'anything:deletePermanently': ['ALL_FACILITY_ADMIN'],
  'audit:view': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN'],
  'handover:perform': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER'],
  /** Read users: everyone, scoped (all / users sharing a facility / only oneself, i.e. My Profile). */
  'user:read': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'],
  /**
   * Grant the ALL_FACILITY_ADMIN role, or edit, reset or deactivate an ALL_FACILITY_ADMIN: only an
   * ALL_FACILITY_ADMIN, so that an ALL_FACILITY_USER cannot raise anyone (or themself, through a
   * second account) to the one role that may delete permanently.
   */
  'user:manageAdmins': ['ALL_FACILITY_ADMIN'],
  /** Read facilities: everyone, only their own facilities for the facility roles. */
  'facility:read': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'],
  /** Read regulations and program areas (requirement and document forms pick them); managing them is `settings:manage`. */
  'regulation:read': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'],
  'programArea:read': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'],
  /** Check the whole audit hash chain (it spans every facility). */
  'audit:verify': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER'],
  /** Security settings (which roles must use a second factor): all-facility admins only. */
  'security:manage': ['ALL_FACILITY_ADMIN'],
  /** The notification outbox (delivery log): admins, within their facilities. */
  'notificationDelivery:view': ['ALL_FACILITY_ADMIN', 'FACILITY_ADMIN'],
  /** List the daily jobs and run one now. */
  'job:run': ['ALL_FACILITY_ADMIN'],
  /** Create, edit, version and terminate permits and their conditions (facility admins: their facilities). */
  'permit:manage': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN'],
  /** Read findings and corrective actions (within the caller's facilities). */
  'finding:read': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'],
  /** Record a finding by hand (within the caller's facilities). */
  'finding:create': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'],
  /**
   * A finding's root cause and actions, verification, closing and cancelling. A FACILITY_USER who owns an
   * action updates that action only (the service checks the owner).
   */
  'finding:manage': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN'],
  /** Turn each automatic source of findings on or off. */
  'findingSettings:manage': ['ALL_FACILITY_ADMIN'],
  /** Review (sign or reject) a completion, and decide an extension request: admins, within their facilities. */
  'task:review': ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN'],
  /** Set or clear the address of the embedded BI report (Settings → Reports). */
  'reportEmbed:manage': ['ALL_FACILITY_ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether `role` may perform `permission` (before any facility-scope check). */
export function can(role: Role | undefined | null, permission: Permission): boolean {
  if (!role) return false;
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** "All" roles see every facility; facility roles only their assigned ones. */
export function seesAllFacilities(role: Role): boolean {
  return role === 'ALL_FACILITY_ADMIN' || role === 'ALL_FACILITY_USER';
}
