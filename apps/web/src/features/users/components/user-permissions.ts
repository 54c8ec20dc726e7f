import { can } from '@rtms/shared/permissions';
import type { Role } from '@rtms/shared/enums';
import { ROLES } from '@rtms/shared/enums';

/** What the signed-in user may do to `target`, mirroring the server's rules (users.service). */
export function userActionsFor(me: { _id: string; role: Role }, target: { _id: string; role: Role }) {
  const isSelf = me._id === target._id;
  // Only an ALL_FACILITY_ADMIN acts on an ALL_FACILITY_ADMIN.
  const mayManage = target.role !== 'ALL_FACILITY_ADMIN' || can(me.role, 'user:manageAdmins');
  return {
    /** Everyone may edit their own names; others need user:update. */
    edit: isSelf || (can(me.role, 'user:update') && mayManage),
    editEmail: can(me.role, 'user:update') && (isSelf || mayManage),
    editRole: !isSelf && can(me.role, 'user:editRole') && mayManage,
    deactivate: !isSelf && can(me.role, 'user:update') && mayManage,
    resetPassword: !isSelf && can(me.role, 'user:resetPassword') && mayManage,
  };
}

/** The roles the signed-in user may give (ALL_FACILITY_ADMIN only by an ALL_FACILITY_ADMIN). */
export function assignableRoles(myRole: Role): Role[] {
  return ROLES.filter((role) => role !== 'ALL_FACILITY_ADMIN' || can(myRole, 'user:manageAdmins'));
}
