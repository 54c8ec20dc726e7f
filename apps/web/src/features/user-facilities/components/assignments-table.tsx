import { useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { App, Empty, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DisconnectOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { UserFacility } from '@rtms/shared/schemas/user-facilities';
import { useT } from '../../../lib/i18n/use-t';
import { ActiveTag } from '../../../components/data/active-tag';
import { ConfirmButton } from '../../../components/data/confirm-button';
import { ServerTable } from '../../../components/data/server-table';
import { useFormatters } from '../../../components/data/use-formatters';
import { useRowAction } from '../../../components/data/use-row-action';
import type { TableUrlState } from '../../../components/data/use-table-url-state';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { useBulkUserFacilities } from '../api/bulk-user-facilities';
import { useDeleteUserFacility } from '../api/delete-user-facility';
import { listUserFacilities, useUserFacilities, type UserFacilitiesQuery } from '../api/list-user-facilities';
import { activeExportColumn, column, sortedColumn } from '../../../components/data/common-columns';

/**
 * Assignments as a server-driven table: every assignment, a user's facilities or a facility's users
 * (`fixed`). Where `canManage`, rows can be unassigned one by one or in bulk.
 */
export function AssignmentsTable<F extends string>({
  state,
  fixed,
  canManage,
  label,
  fileName,
  toolbar,
  actions,
  empty,
}: {
  state: TableUrlState<F, UserFacilitiesQuery>;
  fixed: { userId?: string; facilityId?: string };
  canManage: boolean;
  label: string;
  fileName: string;
  toolbar?: ReactNode;
  /** Controls on the right of the toolbar, before the export (e.g. "Assign users"). */
  actions?: ReactNode;
  empty: ReactNode;
}) {
  const t = useT();
  const format = useFormatters();
  const { message } = App.useApp();
  const runAction = useRowAction();
  const query = useMemo(() => ({ ...state.query, ...fixed }), [state.query, fixed]);
  const result = useUserFacilities(query);
  const remove = useDeleteUserFacility();
  const bulk = useBulkUserFacilities();
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const selectedRows = useRef(new Map<string, UserFacility>());
  const showUser = !fixed.userId;
  const showFacility = !fixed.facilityId;

  const unassignOne = (row: UserFacility) =>
    runAction(
      () => remove.mutateAsync(row._id),
      () => {
        setSelectedKeys((keys) => keys.filter((key) => key !== row._id));
        return t('userFacilities.unassigned', { user: row.user.name || row.user.email, facility: row.facility.name });
      },
    );

  /** One bulk call per user: the server unassigns users × facilities, so grouping by user removes exactly the chosen pairs. */
  const unassignSelected = async () => {
    const rows = selectedKeys.flatMap((key) => selectedRows.current.get(String(key)) ?? []);
    const byUser = new Map<string, string[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.facilityId]);
    try {
      let changed = 0;
      for (const [userId, facilityIds] of byUser) {
        const { data } = await bulk.mutateAsync({ action: 'unassign', userIds: [userId], facilityIds });
        changed += data.changed;
      }
      setSelectedKeys([]);
      selectedRows.current.clear();
      void message.success(t('userFacilities.unassignedCount', { count: changed }));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };

  const columns = useMemo<ColumnsType<UserFacility>>(
    () => [
      ...(showUser
        ? ([
            sortedColumn(t('userFacilities.user'), 'userName', (row) => row.user.name.trim() || row.user.email),
            sortedColumn(t('users.email'), 'userEmail', (row) => row.user.email),
            column(t('users.role'), 'role', (row) => t(`role.${row.user.role}`)),
            column(t('userFacilities.userStatus'), 'userActive', (row) => <ActiveTag active={row.user.active} />),
          ] satisfies ColumnsType<UserFacility>)
        : []),
      ...(showFacility
        ? ([
            sortedColumn(t('userFacilities.facility'), 'facilityName', (row) => (
              <Link to={`/facilities/${row.facilityId}`}>{row.facility.name}</Link>
            )),
            sortedColumn(t('facilities.code'), 'facilityCode', (row) => row.facility.code),
            column(t('userFacilities.facilityStatus'), 'facilityStatus', (row) => (
              <Tag color={row.facility.status === 'ACTIVE' ? 'green' : undefined}>
                {t(`facilityStatus.${row.facility.status}`)}
              </Tag>
            )),
          ] satisfies ColumnsType<UserFacility>)
        : []),
      sortedColumn(t('userFacilities.assignedAt'), 'createdAt', (row) => format.dateTime(row.createdAt)),
      ...(canManage
        ? ([
            column(
              t('data.actions'),
              'actions',
              (row) => (
                <ConfirmButton
                  size="small"
                  type="text"
                  icon={<DisconnectOutlined />}
                  tooltip={t('userFacilities.unassign')}
                  danger
                  title={t('userFacilities.unassignConfirm', {
                    user: row.user.name || row.user.email,
                    facility: row.facility.name,
                  })}
                  okText={t('userFacilities.unassign')}
                  onConfirm={() => unassignOne(row)}
                  aria-label={t('userFacilities.unassignNamed', { user: row.user.email, facility: row.facility.name })}
                />
              ),
              { fixed: 'right' },
            ),
          ] satisfies ColumnsType<UserFacility>)
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, format, showUser, showFacility, canManage],
  );

  const exportColumns = useMemo<ExportColumn<UserFacility>[]>(
    () => [
      { header: t('userFacilities.user'), value: (row) => row.user.name, width: 24 },
      { header: t('users.email'), value: (row) => row.user.email, width: 30 },
      { header: t('users.role'), value: (row) => t(`role.${row.user.role}`), width: 20 },
      activeExportColumn<UserFacility>(t, (row) => row.user.active, t('userFacilities.userStatus')),
      { header: t('userFacilities.facility'), value: (row) => row.facility.name, width: 28 },
      { header: t('facilities.code'), value: (row) => row.facility.code },
      { header: t('userFacilities.facilityStatus'), value: (row) => t(`facilityStatus.${row.facility.status}`) },
      { header: t('userFacilities.assignedAt'), value: (row) => row.createdAt, width: 22 },
    ],
    [t],
  );

  return (
    <ServerTable<UserFacility, F>
      state={state}
      result={result}
      columns={columns}
      rowKey="_id"
      label={label}
      searchLabel={t('userFacilities.search')}
      filters={toolbar}
      actions={
        <>
          {canManage && selectedKeys.length > 0 ? (
            <ConfirmButton
              danger
              title={t('userFacilities.unassignSelectedConfirm', { count: selectedKeys.length })}
              okText={t('userFacilities.unassign')}
              onConfirm={unassignSelected}
              loading={bulk.isPending}
            >
              {t('userFacilities.unassignSelected', { count: selectedKeys.length })}
            </ConfirmButton>
          ) : null}
          {actions}
        </>
      }
      rowSelection={
        canManage
          ? {
              selectedRowKeys: selectedKeys,
              preserveSelectedRowKeys: true,
              onChange: (keys, rows) => {
                for (const row of rows) if (row) selectedRows.current.set(row._id, row);
                setSelectedKeys(keys);
              },
            }
          : undefined
      }
      exportOptions={{
        fileName,
        sheetName: label,
        columns: exportColumns,
        fetchPage: (page, pageSize, signal) => listUserFacilities({ ...query, page, pageSize }, signal),
      }}
      empty={empty}
    />
  );
}

/** The empty state of an assignments table, with the assign action where allowed. */
export function AssignmentsEmpty({ description, action }: { description: string; action?: ReactNode }) {
  return <Empty description={description}>{action}</Empty>;
}
