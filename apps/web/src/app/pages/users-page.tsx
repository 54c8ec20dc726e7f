import { useMemo, useState } from 'react';
import { Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined, KeyOutlined, SafetyOutlined, SwapOutlined } from '@ant-design/icons';
import { can, seesAllFacilities } from '@rtms/shared/permissions';
import type { User } from '@rtms/shared/schemas/users';
import { useCurrentUser } from '../../lib/auth/auth-context';
import { useT, type Translate } from '../../lib/i18n/use-t';
import { ActiveTag } from '../../components/data/active-tag';
import { UrlEnumFilter } from '../../components/data/enum-filter';
import { ConfirmAction } from '../../components/data/confirm-button';
import { IconAction } from '../../components/data/icon-action';
import { ListScreen, useListScreen } from '../../components/data/list-screen';
import { actionsColumn, RowActions } from '../../components/data/row-actions';
import { useEditDialog } from '../../components/data/use-edit-dialog';
import { useRowAction } from '../../components/data/use-row-action';
import { ActiveToggle } from '../../components/data/active-toggle';
import { UrlRemoteFilter, UrlActiveFilter } from '../../components/data/url-filters';
import { useFormatters } from '../../components/data/use-formatters';
import type { ExportColumn } from '../../components/data/export/export-types';
import { HandOverModal } from '../../features/hand-over/components/hand-over-modal';
import { usersEndpoint } from '../../features/users/api/list-users';
import { useResetUserPassword } from '../../features/users/api/reset-password';
import { useResetSecondFactor } from '../../features/users/api/reset-second-factor';
import { useUpdateUser } from '../../features/users/api/update-user';
import { MyProfilePage } from '../../features/users/components/my-profile-page';
import { TemporaryPasswordModal } from '../../features/users/components/temporary-password-modal';
import { UserFormModal } from '../../features/users/components/user-form-modal';
import { LinkRequestsButton, LinkRequestsNotice } from '../../features/users/components/link-requests-entry';
import { userActionsFor } from '../../features/users/components/user-permissions';
import { activeExportColumn, sortedColumn } from '../../components/data/common-columns';
import { facilityOptions } from '../../features/facilities/api/list-facilities';

const FILTERS = ['role', 'active', 'facilityId'] as const;

/** The export's columns, in the interface language. */
function exportColumns(t: Translate): ExportColumn<User>[] {
  return [
    { header: t('users.name'), value: (user) => user.name },
    { header: t('users.firstName'), value: (user) => user.firstName },
    { header: t('users.lastName'), value: (user) => user.lastName },
    { header: t('users.email'), value: (user) => user.email, width: 32 },
    { header: t('users.role'), value: (user) => t(`role.${user.role}`), width: 20 },
    activeExportColumn<User>(t, (user) => user.active),
    {
      header: t('users.mustChangePassword'),
      value: (user) => (user.mustChangePassword ? t('data.yes') : t('data.no')),
    },
    {
      header: t('users.facilities'),
      value: (user) => (seesAllFacilities(user.role) ? t('users.everyFacility') : user.facilityIds.length),
    },
    { header: t('users.lastSignIn'), value: (user) => user.lastSignInAt ?? '', width: 22 },
    { header: t('data.createdAt'), value: (user) => user.createdAt, width: 22 },
  ];
}

/** /users: the Users table, or My Profile for the roles whose menu says so. */
export function UsersPage() {
  const me = useCurrentUser();
  return can(me.role, 'profile:menu') ? <MyProfilePage /> : <UsersTablePage />;
}

function UsersTablePage() {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const run = useRowAction();
  const list = useListScreen(usersEndpoint, { filters: FILTERS, defaultSort: 'name' });
  const update = useUpdateUser();
  const reset = useResetUserPassword();
  const resetMfa = useResetSecondFactor();
  const editing = useEditDialog<User>();
  const [secret, setSecret] = useState({ open: false, email: '', password: '' });
  const [handingOver, setHandingOver] = useState<User | null>(null);
  const canHandOver = can(me.role, 'handover:perform');

  const setActive = (user: User, active: boolean) =>
    run(
      () => update.mutateAsync({ id: user._id, body: { active } }),
      () => t(active ? 'users.reactivated' : 'users.deactivated', { email: user.email }),
    );

  const resetPassword = (user: User) =>
    run(
      () => reset.mutateAsync(user._id),
      ({ data }) => setSecret({ open: true, email: user.email, password: data.temporaryPassword }),
    );

  const resetSecondFactor = (user: User) =>
    run(
      () => resetMfa.mutateAsync(user._id),
      () => t('users.mfaResetDone', { email: user.email }),
    );

  const columns = useMemo<ColumnsType<User>>(
    () => [
      sortedColumn(t('users.name'), 'name', (user) => (
        <Space size={4} wrap>
          <span>{user.name.trim() || '—'}</span>
          {user._id === me._id ? <Tag color="blue">{t('users.you')}</Tag> : null}
        </Space>
      )),
      { title: t('users.email'), key: 'email', dataIndex: 'email', sorter: true },
      sortedColumn(t('users.role'), 'role', (user) => t(`role.${user.role}`)),
      {
        title: t('users.facilities'),
        key: 'facilities',
        align: 'end',
        // The all-facility roles see every facility; "0" would say the opposite.
        render: (_, user) =>
          seesAllFacilities(user.role) ? t('users.everyFacility') : format.number(user.facilityIds.length),
      },
      sortedColumn(t('data.status'), 'active', (user) => (
        <Space size={4} wrap>
          <ActiveTag active={user.active} />
          {user.mustChangePassword ? (
            <Tooltip title={t('users.mustChangePasswordHelp')}>
              <Tag color="gold">{t('users.passwordChangeDue')}</Tag>
            </Tooltip>
          ) : null}
          {user.mfaEnabled ? (
            <Tag color="green" icon={<SafetyOutlined aria-hidden />}>
              {t('users.mfaOn')}
            </Tag>
          ) : null}
        </Space>
      )),
      sortedColumn(t('users.lastSignIn'), 'lastSignInAt', (user) =>
        user.lastSignInAt ? format.dateTime(user.lastSignInAt) : t('users.never'),
      ),
      actionsColumn<User>(t, (user) => {
        const allowed = userActionsFor(me, user);
        const name = user.name.trim() || user.email;
        return (
          <RowActions>
            {allowed.edit ? (
              <IconAction
                label={t('data.edit')}
                ariaLabel={t('users.editNamed', { name })}
                icon={<EditOutlined />}
                onClick={() => editing.show(user)}
              />
            ) : null}
            {canHandOver ? (
              <IconAction
                label={t('handOver.action')}
                ariaLabel={t('handOver.actionNamed', { name })}
                icon={<SwapOutlined />}
                onClick={() => setHandingOver(user)}
              />
            ) : null}
            {allowed.resetPassword && user.active ? (
              <ConfirmAction
                icon={<KeyOutlined />}
                label={t('users.resetPassword')}
                title={t('users.resetConfirm', { email: user.email })}
                description={t('users.resetConfirmBody')}
                onConfirm={() => resetPassword(user)}
                ariaLabel={t('users.resetPasswordNamed', { name })}
              />
            ) : null}
            {allowed.resetPassword && user.mfaEnabled ? (
              <ConfirmAction
                icon={<SafetyOutlined />}
                label={t('users.mfaReset')}
                title={t('users.mfaResetConfirm', { email: user.email })}
                description={t('users.mfaResetConfirmBody')}
                onConfirm={() => resetSecondFactor(user)}
                ariaLabel={t('users.mfaResetNamed', { name })}
              />
            ) : null}
            {allowed.deactivate ? (
              <ActiveToggle
                active={user.active}
                onChange={(active) => setActive(user, active)}
                texts={{
                  deactivate: t('users.deactivate'),
                  deactivateConfirm: t('users.deactivateConfirm', { email: user.email }),
                  deactivateBody: t('users.deactivateConfirmBody'),
                  deactivateNamed: t('users.deactivateNamed', { name }),
                  reactivate: t('users.reactivate'),
                  reactivateConfirm: t('users.reactivateConfirm', { email: user.email }),
                  reactivateNamed: t('users.reactivateNamed', { name }),
                }}
              />
            ) : null}
          </RowActions>
        );
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, me, format, canHandOver],
  );

  const canCreate = can(me.role, 'user:create');
  return (
    <ListScreen
      list={list}
      title={t('nav.users')}
      messages="users"
      create={canCreate ? { label: t('users.new'), onClick: () => editing.show() } : undefined}
      headerActions={<LinkRequestsButton />}
      notices={<LinkRequestsNotice />}
      columns={columns}
      filters={
        <>
          <UrlEnumFilter state={list.state} name="role" of="role" />
          <UrlActiveFilter state={list.state} name="active" plain />
          <UrlRemoteFilter {...facilityOptions} state={list.state} name="facilityId" label={t('users.facility')} />
        </>
      }
      exportOptions={{ fileName: 'users', columns: exportColumns }}
    >
      <UserFormModal
        open={editing.open}
        user={editing.item}
        onClose={editing.close}
        onTemporaryPassword={(email, password) => setSecret({ open: true, email, password })}
      />
      <HandOverModal open={handingOver !== null} user={handingOver} onClose={() => setHandingOver(null)} />
      <TemporaryPasswordModal
        open={secret.open}
        email={secret.email}
        password={secret.password}
        onClose={() => setSecret({ open: false, email: '', password: '' })}
      />
    </ListScreen>
  );
}
