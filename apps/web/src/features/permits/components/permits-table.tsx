import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Permit } from '@rtms/shared/schemas/permits';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { UrlEnumFilter } from '../../../components/data/enum-filter';
import { UrlRemoteFilter, UrlDateRangeFilter } from '../../../components/data/url-filters';
import type { ChoosableColumns } from '../../../components/data/column-choice';
import { ListTable, useListScreen } from '../../../components/data/list-screen';
import { useFormatters } from '../../../components/data/use-formatters';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { column, sortedColumn, updatedAtExportColumn } from '../../../components/data/common-columns';
import { useFacilityOption } from '../../tasks/api/known-options';
import { permitsEndpoint } from '../api/permits-api';
import { PermitStatusTag } from './permit-status-tag';
import { facilityOptions } from '../../facilities/api/list-facilities';

const FILTERS = ['facilityId', 'type', 'status', 'expiresFrom', 'expiresTo'] as const;

function exportColumns(t: Translate): ExportColumn<Permit>[] {
  return [
    { header: t('task.facility'), value: (p) => p.facilityName, width: 24 },
    { header: t('permits.number'), value: (p) => p.number, width: 18 },
    { header: t('permits.title'), value: (p) => p.title, width: 40 },
    { header: t('permits.agency'), value: (p) => p.agency, width: 24 },
    { header: t('permits.type'), value: (p) => t(`permitType.${p.type}`) },
    { header: t('permits.version'), value: (p) => p.version },
    { header: t('permits.effectiveOn'), value: (p) => p.effectiveOn, width: 12 },
    { header: t('permits.expiresOn'), value: (p) => p.expiresOn ?? '', width: 12 },
    { header: t('permits.daysToExpiry'), value: (p) => p.daysToExpiry ?? '' },
    { header: t('permits.renewalSubmittedOn'), value: (p) => p.renewalSubmittedOn ?? '', width: 12 },
    { header: t('data.status'), value: (p) => t(`permitStatus.${p.status}`) },
    updatedAtExportColumn<Permit>(t),
  ];
}

/** The permit register, server-driven (filters, search, sort and page in the URL; export). */
export function PermitsTable({
  label,
  fileName,
  facilityId,
  prefix,
  empty,
}: {
  label: string;
  fileName: string;
  facilityId?: string;
  prefix?: string;
  empty?: ReactNode;
}) {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const list = useListScreen(permitsEndpoint, {
    filters: FILTERS,
    prefix,
    defaultSort: 'expiresOn',
    fixed: facilityId ? { facilityId } : {},
  });
  const { state } = list;
  const facilityKnown = useFacilityOption(facilityId ? undefined : state.filters.facilityId);

  const columns = useMemo<ChoosableColumns<Permit>>(
    () => [
      sortedColumn(t('task.facility'), 'facilityName', (permit) => permit.facilityName, { optional: true }),
      sortedColumn(t('permits.number'), 'number', (permit) => (
        <Link to={`/permits/${permit._id}`}>
          {permit.number}
          {permit.version > 1 ? ` (v${permit.version})` : ''}
        </Link>
      )),
      sortedColumn(t('permits.title'), 'title', (permit) => permit.title, { optional: true, defaultHidden: true }),
      sortedColumn(t('permits.agency'), 'agency', (permit) => permit.agency, { optional: true }),
      sortedColumn(t('permits.type'), 'type', (permit) => t(`permitType.${permit.type}`), { optional: true }),
      sortedColumn(t('permits.expiresOn'), 'expiresOn', (permit) =>
        permit.expiresOn ? format.date(permit.expiresOn) : t('permits.noExpiry'),
      ),
      column(
        t('permits.daysToExpiry'),
        'daysToExpiry',
        (permit) => (permit.daysToExpiry === null ? '—' : format.number(permit.daysToExpiry)),
        { optional: true, align: 'end' },
      ),
      sortedColumn(t('data.status'), 'status', (permit) => <PermitStatusTag status={permit.status} />),
    ],
    [t, format],
  );

  return (
    <ListTable
      list={list}
      messages="permits"
      columns={columns}
      columnChoice={{ id: 'permits', userId: me._id }}
      label={label}
      filters={
        <>
          {facilityId ? null : (
            <UrlRemoteFilter
              {...facilityOptions}
              state={state}
              name="facilityId"
              label={t('task.facility')}
              knownOptions={facilityKnown}
            />
          )}
          <UrlEnumFilter state={state} name="type" of="permitType" />
          <UrlEnumFilter state={state} name="status" of="permitStatus" />
          <UrlDateRangeFilter
            state={state}
            from="expiresFrom"
            to="expiresTo"
            label={t('permits.expiresBetween')}
            placeholder={[t('permits.expiresFrom'), t('permits.expiresTo')]}
          />
        </>
      }
      exportOptions={{ fileName, sheetName: t('nav.permits'), columns: exportColumns }}
      empty={empty}
    />
  );
}
