import { useMemo, type ReactNode } from 'react';
import { Typography } from 'antd';
import { EditOutlined, StopOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { can } from '@rtms/shared/permissions';
import type { RequirementListItem as Requirement } from '@rtms/shared/schemas/requirements';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { ConfirmAction } from '../../../components/data/confirm-button';
import { UrlEnumFilter } from '../../../components/data/enum-filter';
import { IconAction } from '../../../components/data/icon-action';
import { actionsColumn, RowActions } from '../../../components/data/row-actions';
import { UrlRemoteFilter } from '../../../components/data/url-filters';
import { useRowAction } from '../../../components/data/use-row-action';
import type { ChoosableColumns } from '../../../components/data/column-choice';
import { ListTable, useListScreen } from '../../../components/data/list-screen';
import { useFormatters } from '../../../components/data/use-formatters';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { useFacilityOption } from '../../tasks/api/known-options';
import { requirementsEndpoint } from '../api/list-requirements';
import { fetchRegulationOptions } from '../api/regulation-options';
import { useRetireRequirement } from '../api/retire-requirement';
import { RequirementStatusTag } from './requirement-status-tag';
import { RetireImpact } from './retire-impact';
import './requirements.css';
import { updatedAtExportColumn, column, sortedColumn } from '../../../components/data/common-columns';
import { facilityOptions } from '../../facilities/api/list-facilities';
import { useProgramAreaFilterOptions } from '../../program-areas/api/program-area-options';

const FILTERS = ['status', 'category', 'frequency', 'programAreaId', 'regulationId', 'facilityId'] as const;

/** The export's columns, in the interface language. */
function exportColumns(t: Translate): ExportColumn<Requirement>[] {
  return [
    { header: t('requirement.title'), value: (r) => r.title, width: 40 },
    { header: t('requirement.citation'), value: (r) => r.citation ?? '' },
    { header: t('requirement.permitNumber'), value: (r) => r.permitNumber ?? '' },
    { header: t('requirement.regulation'), value: (r) => r.regulationTitle ?? '', width: 30 },
    { header: t('requirement.programArea'), value: (r) => r.programAreaName ?? '', width: 24 },
    { header: t('requirement.category'), value: (r) => t(`category.${r.category}`) },
    { header: t('requirement.frequency'), value: (r) => t(`frequency.${r.frequency}`) },
    { header: t('requirement.scheduleMode'), value: (r) => t(`scheduleMode.${r.scheduleMode}`) },
    { header: t('requirement.firstDueDate'), value: (r) => r.firstDueDate, width: 12 },
    { header: t('requirement.weekendShift'), value: (r) => t(`weekendShift.${r.weekendShift}`) },
    { header: t('requirement.leadTimeDays'), value: (r) => r.leadTimeDays },
    { header: t('requirement.graceDays'), value: (r) => r.graceDays },
    { header: t('requirement.evidenceRequired'), value: (r) => (r.evidenceRequired ? t('data.yes') : t('data.no')) },
    { header: t('requirement.minEvidence'), value: (r) => (r.evidenceRequired ? r.minEvidence : '') },
    { header: t('review.reviewRequired'), value: (r) => (r.reviewRequired ? t('data.yes') : t('data.no')) },
    { header: t('requirement.activeFrom'), value: (r) => r.activeFrom ?? '', width: 12 },
    { header: t('requirement.activeUntil'), value: (r) => r.activeUntil ?? '', width: 12 },
    { header: t('requirement.defaultAssignee'), value: (r) => r.defaultAssigneeName ?? '', width: 24 },
    { header: t('requirement.facilityCount'), value: (r) => r.facilityCount },
    { header: t('data.status'), value: (r) => t(`requirementStatus.${r.status}`) },
    { header: t('requirement.description'), value: (r) => r.description ?? '', width: 50 },
    updatedAtExportColumn<Requirement>(t),
  ];
}

/**
 * Requirements, server-driven (filters, search, sort and page in the URL; export); edit and retire for
 * the roles that manage them. With `facilityId` it lists one facility's requirements.
 */
export function RequirementsTable({
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
  const programAreaFilterOptions = useProgramAreaFilterOptions();
  const me = useCurrentUser();
  const format = useFormatters();
  const navigate = useNavigate();
  const run = useRowAction();
  const list = useListScreen(requirementsEndpoint, {
    filters: FILTERS,
    prefix,
    defaultSort: 'title',
    fixed: facilityId ? { facilityId } : {},
  });
  const { state } = list;
  const retire = useRetireRequirement();
  const canManage = can(me.role, 'requirement:manage');
  const facilityKnown = useFacilityOption(facilityId ? undefined : state.filters.facilityId);

  const retireOne = (requirement: Requirement) =>
    run(
      () => retire.mutateAsync({ id: requirement._id }),
      (saved) =>
        t('requirement.retired', { title: requirement.title, removed: format.number(saved.meta.tasks.removed) }),
    );

  const columns = useMemo<ChoosableColumns<Requirement>>(
    () => [
      sortedColumn(t('requirement.title'), 'title', (requirement) => (
        <div className="requirement-title-cell">
          <Link to={`/requirements/${requirement._id}`}>{requirement.title}</Link>
          {requirement.citation || requirement.permitNumber ? (
            <Typography.Text type="secondary">
              {[requirement.citation, requirement.permitNumber].filter(Boolean).join(' · ')}
            </Typography.Text>
          ) : null}
        </div>
      )),
      sortedColumn(t('requirement.category'), 'category', (requirement) => t(`category.${requirement.category}`), {
        optional: true,
      }),
      sortedColumn(t('requirement.frequency'), 'frequency', (requirement) => t(`frequency.${requirement.frequency}`), {
        optional: true,
      }),
      column(t('requirement.programArea'), 'programArea', (requirement) => requirement.programAreaName ?? '—', {
        optional: true,
        defaultHidden: true,
      }),
      column(t('requirement.regulation'), 'regulation', (requirement) => requirement.regulationTitle ?? '—', {
        optional: true,
        defaultHidden: true,
      }),
      sortedColumn(
        t('requirement.firstDueDate'),
        'firstDueDate',
        (requirement) => format.date(requirement.firstDueDate),
        { optional: true, defaultHidden: true },
      ),
      column(
        t('requirement.facilityCount'),
        'facilityCount',
        (requirement) => format.number(requirement.facilityCount),
        { optional: true, align: 'end' },
      ),
      sortedColumn(t('data.status'), 'status', (requirement) => <RequirementStatusTag status={requirement.status} />),
      ...(canManage
        ? [
            // Only what the server says will succeed for this row (requirement-actions.ts): a facility
            // administrator is not offered a requirement that also binds others' facilities.
            actionsColumn<Requirement>(t, (requirement) => (
              <RowActions nowrap>
                {requirement.allowedActions.includes('update') ? (
                  <IconAction
                    label={t('data.edit')}
                    ariaLabel={t('requirement.editNamed', { title: requirement.title })}
                    icon={<EditOutlined />}
                    onClick={() => void navigate(`/requirements/${requirement._id}?edit=1`)}
                  />
                ) : null}
                {requirement.allowedActions.includes('retire') ? (
                  <ConfirmAction
                    icon={<StopOutlined />}
                    label={t('requirement.retire')}
                    danger
                    title={t('requirement.retireConfirm', { title: requirement.title })}
                    description={<RetireImpact requirementId={requirement._id} />}
                    onConfirm={() => retireOne(requirement)}
                    ariaLabel={t('requirement.retireNamed', { title: requirement.title })}
                  />
                ) : null}
              </RowActions>
            )),
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, format, canManage],
  );

  return (
    <ListTable
      list={list}
      messages="requirements"
      columns={columns}
      columnChoice={{ id: 'requirements', userId: me._id }}
      label={label}
      filters={
        <>
          <UrlEnumFilter state={state} name="status" of="requirementStatus" />
          <UrlEnumFilter state={state} name="category" of="taskCategory" />
          <UrlEnumFilter state={state} name="frequency" of="taskFrequency" />
          <UrlRemoteFilter
            {...programAreaFilterOptions}
            state={state}
            name="programAreaId"
            label={t('requirement.programArea')}
          />
          <UrlRemoteFilter
            state={state}
            name="regulationId"
            label={t('requirement.regulation')}
            queryKey={['regulations', 'filter-options']}
            fetchOptions={(search) =>
              fetchRegulationOptions(search, t('data.inactive')).then((options) =>
                options.map((option) => ({ ...option, disabled: false })),
              )
            }
          />
          {facilityId ? null : (
            <UrlRemoteFilter
              {...facilityOptions}
              state={state}
              name="facilityId"
              label={t('task.facility')}
              knownOptions={facilityKnown}
            />
          )}
        </>
      }
      exportOptions={{ fileName, sheetName: t('nav.requirements'), columns: exportColumns }}
      empty={empty}
    />
  );
}
