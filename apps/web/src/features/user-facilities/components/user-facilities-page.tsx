import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Segmented, Typography } from 'antd';
import { BankOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { can } from '@rtms/shared/permissions';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { RemoteSelect } from '../../../components/data/remote-select';
import { useTableUrlState } from '../../../components/data/use-table-url-state';
import { facilityQueryOptions } from '../../facilities/api/get-facility';
import { fetchFacilityOptions } from '../../facilities/api/list-facilities';
import { userQueryOptions } from '../../users/api/get-user';
import { fetchUserOptions, userLabel } from '../../users/api/list-users';
import type { UserFacilitiesQuery } from '../api/list-user-facilities';
import { AssignModal, type AssignTarget } from './assign-modal';
import { AssignmentsEmpty, AssignmentsTable } from './assignments-table';

const FILTERS = ['userId', 'facilityId'] as const;
type Side = 'user' | 'facility';

/**
 * /user-facilities: assign users to facilities from either side. Pick a user to see and change their
 * facilities, or a facility to see and change its users; with nothing picked, every assignment.
 */
export function UserFacilitiesPage() {
  const t = useT();
  const me = useCurrentUser();
  const canManage = can(me.role, 'userFacility:manage');
  const [params, setParams] = useSearchParams();
  const side: Side = params.get('by') === 'facility' ? 'facility' : 'user';
  const state = useTableUrlState<UserFacilitiesQuery>({
    filters: FILTERS,
    pinned: FILTERS,
    defaultSort: side === 'user' ? 'facilityName' : 'userName',
  });
  const [assigning, setAssigning] = useState<{ open: boolean; target: AssignTarget }>({ open: false, target: {} });

  const pickedId = side === 'user' ? state.filters.userId : state.filters.facilityId;
  const pickedUser = useQuery({ ...userQueryOptions(pickedId ?? ''), enabled: side === 'user' && Boolean(pickedId) });
  const pickedFacility = useQuery({
    ...facilityQueryOptions(pickedId ?? ''),
    enabled: side === 'facility' && Boolean(pickedId),
  });
  const pickedLabel =
    side === 'user'
      ? pickedUser.data
        ? userLabel(pickedUser.data.data)
        : ''
      : pickedFacility.data
        ? `${pickedFacility.data.data.name} (${pickedFacility.data.data.code})`
        : '';
  const knownOptions = useMemo(
    () => (pickedId && pickedLabel ? [{ value: pickedId, label: pickedLabel }] : []),
    [pickedId, pickedLabel],
  );
  const fixed = useMemo(
    () => (side === 'user' ? { userId: state.filters.userId } : { facilityId: state.filters.facilityId }),
    [side, state.filters.userId, state.filters.facilityId],
  );

  const switchSide = (next: Side) => {
    setParams((previous) => {
      const result = new URLSearchParams();
      if (next === 'facility') result.set('by', 'facility');
      // Keep the search, drop the other side's pick and the page.
      const search = previous.get('search');
      if (search) result.set('search', search);
      return result;
    });
  };

  const openAssign = () =>
    setAssigning({
      open: true,
      target: pickedId
        ? side === 'user'
          ? { user: { _id: pickedId, label: pickedLabel } }
          : { facility: { _id: pickedId, label: pickedLabel } }
        : {},
    });

  const assignLabel = pickedId
    ? side === 'user'
      ? t('userFacilities.assignFacilities')
      : t('userFacilities.assignUsers')
    : t('userFacilities.assign');

  return (
    <>
      <PageHeader
        title={t('nav.userFacilities')}
        actions={
          canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={openAssign}>
              {assignLabel}
            </Button>
          ) : null
        }
      />
      <Card className="picker-card">
        <Flex gap={16} wrap align="center">
          <Segmented<Side>
            aria-label={t('userFacilities.pickSide')}
            value={side}
            onChange={switchSide}
            options={[
              { value: 'user', label: t('userFacilities.byUser'), icon: <UserOutlined /> },
              { value: 'facility', label: t('userFacilities.byFacility'), icon: <BankOutlined /> },
            ]}
          />
          <RemoteSelect
            key={side}
            allowClear
            className="picker-card__select"
            label={side === 'user' ? t('userFacilities.pickUser') : t('userFacilities.pickFacility')}
            queryKey={[side === 'user' ? 'users' : 'facilities', 'options']}
            fetchOptions={side === 'user' ? fetchUserOptions : fetchFacilityOptions}
            knownOptions={knownOptions}
            value={pickedId}
            onChange={(value) =>
              state.setFilter(side === 'user' ? 'userId' : 'facilityId', (value as string | undefined) ?? undefined)
            }
          />
          <Typography.Text type="secondary">
            {pickedId
              ? side === 'user'
                ? t('userFacilities.showingFacilitiesOf', { name: pickedLabel })
                : t('userFacilities.showingUsersOf', { name: pickedLabel })
              : t('userFacilities.showingAll')}
          </Typography.Text>
        </Flex>
      </Card>
      <AssignmentsTable
        state={state}
        fixed={fixed}
        canManage={canManage}
        label={t('nav.userFacilities')}
        fileName="user-facilities"
        empty={
          <AssignmentsEmpty
            description={pickedId ? t('userFacilities.emptyPicked') : t('userFacilities.empty')}
            action={
              canManage ? (
                <Button type="primary" onClick={openAssign}>
                  {assignLabel}
                </Button>
              ) : undefined
            }
          />
        }
      />
      <AssignModal
        open={assigning.open}
        target={assigning.target}
        onClose={() => setAssigning((previous) => ({ ...previous, open: false }))}
      />
    </>
  );
}
