import { useMemo, useState } from 'react';
import { Button, Empty } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { can } from '@rtms/shared/permissions';
import type { FacilityDetail } from '@rtms/shared/schemas/facilities';
import type { User } from '@rtms/shared/schemas/users';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { ActiveTag } from '../../../components/data/active-tag';
import { ListTable, useListScreen } from '../../../components/data/list-screen';
import { useTableUrlState } from '../../../components/data/use-table-url-state';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { AssignModal } from '../../../features/user-facilities/components/assign-modal';
import { AssignmentsEmpty, AssignmentsTable } from '../../../features/user-facilities/components/assignments-table';
import type { UserFacilitiesQuery } from '../../../features/user-facilities/api/list-user-facilities';
import { usersEndpoint } from '../../../features/users/api/list-users';
import { activeExportColumn, column, sortedColumn } from '../../../components/data/common-columns';

/**
 * The users of a facility. Roles that manage assignments get the assignments table (assign,
 * unassign); the others see the users they may see (GET /api/users?facilityId=).
 */
export function FacilityUsersSection({ facility }: { facility: FacilityDetail }) {
  const t = useT();
  const me = useCurrentUser();
  const state = useTableUrlState<UserFacilitiesQuery>({ prefix: 'u', defaultSort: 'userName' });
  const canView = can(me.role, 'userFacility:view');
  const canManage = can(me.role, 'userFacility:manage');
  const [assigning, setAssigning] = useState(false);
  const fixed = useMemo(() => ({ facilityId: facility._id }), [facility._id]);
  const label = t('facility.usersOf', { name: facility.name });
  const assignButton = canManage ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAssigning(true)}>
      {t('userFacilities.assignUsers')}
    </Button>
  ) : undefined;

  if (!canView) return <ScopedFacilityUsers facilityId={facility._id} label={label} />;
  return (
    <>
      <AssignmentsTable
        state={state}
        fixed={fixed}
        canManage={canManage}
        label={label}
        fileName={`facility-${facility.code.toLowerCase()}-users`}
        actions={assignButton}
        empty={<AssignmentsEmpty description={t('facility.noUsers')} action={assignButton} />}
      />
      <AssignModal
        open={assigning}
        target={{ facility: { _id: facility._id, label: `${facility.name} (${facility.code})` } }}
        onClose={() => setAssigning(false)}
      />
    </>
  );
}

/** Facility roles: the facility's users among those they may see, read-only. */
function ScopedFacilityUsers({ facilityId, label }: { facilityId: string; label: string }) {
  const t = useT();
  const list = useListScreen(usersEndpoint, { prefix: 'u', defaultSort: 'name', fixed: { facilityId } });
  const columns = useMemo<ColumnsType<User>>(
    () => [
      sortedColumn(t('users.name'), 'name', (user) => user.name.trim() || '—'),
      { title: t('users.email'), key: 'email', sorter: true, dataIndex: 'email' },
      sortedColumn(t('users.role'), 'role', (user) => t(`role.${user.role}`)),
      column(t('data.status'), 'active', (user) => <ActiveTag active={user.active} />),
    ],
    [t],
  );
  return (
    <ListTable
      list={list}
      messages="users"
      columns={columns}
      label={label}
      exportOptions={{ fileName: 'facility-users', columns: scopedUsersExportColumns }}
      empty={<Empty description={t('facility.noUsers')} />}
    />
  );
}

/** The export of a facility's users, in the interface language. */
function scopedUsersExportColumns(t: Translate): ExportColumn<User>[] {
  return [
    { header: t('users.name'), value: (user) => user.name },
    { header: t('users.email'), value: (user) => user.email, width: 30 },
    { header: t('users.role'), value: (user) => t(`role.${user.role}`), width: 20 },
    activeExportColumn<User>(t, (user) => user.active),
  ];
}
