import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { can } from '@rtms/shared/permissions';
import type { Facility } from '@rtms/shared/schemas/facilities';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { ListScreen, useListScreen } from '../../../components/data/list-screen';
import { UrlEnumFilter } from '../../../components/data/enum-filter';
import { actionsColumn, EditToggleActions } from '../../../components/data/row-actions';
import { useEditDialog } from '../../../components/data/use-edit-dialog';
import { useRowAction } from '../../../components/data/use-row-action';
import { useFormatters } from '../../../components/data/use-formatters';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { facilitiesEndpoint } from '../api/list-facilities';
import { useUpdateFacility } from '../api/update-facility';
import { FacilityFormDrawer } from './facility-form-drawer';
import { FacilityStatusTag } from './facility-status-tag';
import { sortedColumn } from '../../../components/data/common-columns';
import { useProgramAreaFilterOptions } from '../../program-areas/api/program-area-options';
import { UrlRemoteFilter } from '../../../components/data/url-filters';

const FILTERS = ['type', 'status', 'programAreaId'] as const;

/** The export's columns, in the interface language. */
function exportColumns(t: Translate): ExportColumn<Facility>[] {
  return [
    { header: t('facilities.name'), value: (f) => f.name, width: 30 },
    { header: t('facilities.code'), value: (f) => f.code },
    { header: t('facilities.type'), value: (f) => t(`facilityType.${f.type}`) },
    { header: t('data.status'), value: (f) => t(`facilityStatus.${f.status}`) },
    { header: t('facilities.address'), value: (f) => f.address, width: 30 },
    { header: t('facilities.city'), value: (f) => f.city },
    { header: t('facilities.state'), value: (f) => f.state },
    { header: t('facilities.country'), value: (f) => f.country },
    { header: t('facilities.latitude'), value: (f) => f.latitude },
    { header: t('facilities.longitude'), value: (f) => f.longitude },
    { header: t('facilities.capacityMw'), value: (f) => f.capacityMw },
    { header: t('facilities.commercialOperationDate'), value: (f) => f.commercialOperationDate },
    { header: t('facilities.timeZone'), value: (f) => f.timeZone, width: 22 },
    { header: t('facilities.notes'), value: (f) => f.notes, width: 40 },
    { header: t('data.createdAt'), value: (f) => f.createdAt, width: 22 },
  ];
}

/** /facilities: every facility in the caller's scope; create, edit, deactivate where the role allows. */
export function FacilitiesPage() {
  const t = useT();
  const programAreaFilterOptions = useProgramAreaFilterOptions();
  const me = useCurrentUser();
  const format = useFormatters();
  const run = useRowAction();
  const list = useListScreen(facilitiesEndpoint, { filters: FILTERS, defaultSort: 'name' });
  const update = useUpdateFacility();
  const editing = useEditDialog<Facility>();
  const canCreate = can(me.role, 'facility:create');
  const canEdit = can(me.role, 'facility:update');
  const canDeactivate = can(me.role, 'facility:deactivate');

  const setActive = (facility: Facility, active: boolean) =>
    run(
      () => update.mutateAsync({ id: facility._id, body: { status: active ? 'ACTIVE' : 'INACTIVE' } }),
      () => t(active ? 'facilities.reactivated' : 'facilities.deactivated', { name: facility.name }),
    );

  const columns = useMemo<ColumnsType<Facility>>(
    () => [
      sortedColumn(t('facilities.name'), 'name', (facility) => (
        <Link to={`/facilities/${facility._id}`}>{facility.name}</Link>
      )),
      { title: t('facilities.code'), key: 'code', dataIndex: 'code', sorter: true },
      sortedColumn(t('facilities.type'), 'type', (facility) => t(`facilityType.${facility.type}`)),
      sortedColumn(t('data.status'), 'status', (facility) => <FacilityStatusTag status={facility.status} />),
      { title: t('facilities.city'), key: 'city', dataIndex: 'city', sorter: true },
      { title: t('facilities.state'), key: 'state', dataIndex: 'state', sorter: true },
      { title: t('facilities.country'), key: 'country', dataIndex: 'country', sorter: true },
      sortedColumn(t('facilities.capacityMw'), 'capacityMw', (facility) => format.number(facility.capacityMw), {
        align: 'end',
      }),
      sortedColumn(t('facilities.commercialOperationDate'), 'commercialOperationDate', (facility) =>
        format.date(facility.commercialOperationDate),
      ),
      { title: t('facilities.timeZone'), key: 'timeZone', dataIndex: 'timeZone' },
      actionsColumn<Facility>(t, (facility) => (
        <EditToggleActions
          edit={
            canEdit
              ? { ariaLabel: t('facilities.editNamed', { name: facility.name }), onClick: () => editing.show(facility) }
              : undefined
          }
          toggle={
            canDeactivate
              ? {
                  active: facility.status === 'ACTIVE',
                  onChange: (active) => setActive(facility, active),
                  texts: {
                    deactivate: t('facilities.deactivate'),
                    deactivateConfirm: t('facilities.deactivateConfirm', { name: facility.name }),
                    deactivateBody: t('facilities.deactivateConfirmBody'),
                    deactivateNamed: t('facilities.deactivateNamed', { name: facility.name }),
                    reactivate: t('facilities.reactivate'),
                    reactivateConfirm: t('facilities.reactivateConfirm', { name: facility.name }),
                    reactivateNamed: t('facilities.reactivateNamed', { name: facility.name }),
                  },
                }
              : undefined
          }
        />
      )),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, format, canEdit, canDeactivate],
  );

  return (
    <ListScreen
      list={list}
      title={t('nav.facilities')}
      messages="facilities"
      create={canCreate ? { label: t('facilities.new'), onClick: () => editing.show() } : undefined}
      emptyText={canCreate ? t('facilities.empty') : t('facilities.emptyScoped')}
      columns={columns}
      filters={
        <>
          <UrlEnumFilter state={list.state} name="type" of="facilityType" />
          <UrlEnumFilter state={list.state} name="status" of="facilityStatus" />
          <UrlRemoteFilter
            {...programAreaFilterOptions}
            state={list.state}
            name="programAreaId"
            label={t('facilities.programArea')}
          />
        </>
      }
      exportOptions={{ fileName: 'facilities', columns: exportColumns }}
    >
      <FacilityFormDrawer open={editing.open} facility={editing.item} onClose={editing.close} />
    </ListScreen>
  );
}
