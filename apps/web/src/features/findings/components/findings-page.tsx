import { useMemo, useState } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { Finding } from '@rtms/shared/schemas/findings';
import { can } from '@rtms/shared/permissions';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { UrlEnumFilter } from '../../../components/data/enum-filter';
import { ListScreen, useListScreen } from '../../../components/data/list-screen';
import { UrlBooleanFilter, UrlRemoteFilter } from '../../../components/data/url-filters';
import { useFormatters } from '../../../components/data/use-formatters';
import { column, sortedColumn } from '../../../components/data/common-columns';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { fetchUserOptions } from '../../users/api/list-users';
import { findingsEndpoint } from '../api/list-findings';
import { FindingStatusTag, SeverityTag } from './finding-tags';
import { RecordFindingModal } from './record-finding-modal';
import { facilityOptions } from '../../facilities/api/list-facilities';

const FILTERS = [
  'facilityId',
  'source',
  'severity',
  'status',
  'ownerId',
  'taskId',
  'permitId',
  'overdueActions',
  'open',
  'highSeverity',
  'reportPending',
] as const;

function exportColumns(t: Translate): ExportColumn<Finding>[] {
  return [
    { header: t('findings.title'), value: (f) => f.title, width: 40 },
    { header: t('findings.facility'), value: (f) => f.facilityName, width: 24 },
    { header: t('findings.source'), value: (f) => t(`findings.source.${f.source}`), width: 18 },
    { header: t('findings.severity'), value: (f) => t(`findings.severity.${f.severity}`) },
    { header: t('findings.status'), value: (f) => t(`findings.status.${f.status}`), width: 22 },
    { header: t('findings.identifiedOn'), value: (f) => f.identifiedOn, width: 14 },
    { header: t('findings.owner'), value: (f) => f.ownerName ?? '', width: 22 },
    { header: t('findings.task'), value: (f) => f.taskTitle ?? '', width: 30 },
    { header: t('findings.rootCause'), value: (f) => f.rootCause ?? '', width: 40 },
    { header: t('findings.openActions'), value: (f) => f.openActions },
    { header: t('findings.overdueActions'), value: (f) => f.overdueActions },
    { header: t('findings.reportDueDate'), value: (f) => f.reportDueDate ?? '', width: 14 },
    { header: t('findings.reportedOn'), value: (f) => f.reportedOn ?? '', width: 14 },
  ];
}

/** /findings: every finding in my facilities, filtered, searched and sorted on the server; record one; export. */
export function FindingsPage() {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const list = useListScreen(findingsEndpoint, { filters: FILTERS, defaultSort: '-identifiedOn' });
  const [recording, setRecording] = useState(false);

  const columns = useMemo<ColumnsType<Finding>>(
    () => [
      sortedColumn(t('findings.title'), 'title', (finding) => (
        <Link to={`/findings/${finding._id}`}>
          <bdi>{finding.title}</bdi>
        </Link>
      )),
      column(t('findings.facility'), 'facility', (finding) => <bdi>{finding.facilityName}</bdi>),
      sortedColumn(t('findings.source'), 'source', (finding) => t(`findings.source.${finding.source}`)),
      sortedColumn(t('findings.severity'), 'severity', (finding) => <SeverityTag severity={finding.severity} />),
      sortedColumn(t('findings.status'), 'status', (finding) => <FindingStatusTag status={finding.status} />),
      sortedColumn(t('findings.identifiedOn'), 'identifiedOn', (finding) => format.date(finding.identifiedOn)),
      column(t('findings.owner'), 'owner', (finding) => (finding.ownerName ? <bdi>{finding.ownerName}</bdi> : '—')),
      column(t('findings.actions'), 'actions', (finding) =>
        finding.overdueActions > 0 ? (
          <Tag color="red">{t('findings.overdueCount', { count: finding.overdueActions })}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('findings.openCount', { count: finding.openActions })}</Typography.Text>
        ),
      ),
      sortedColumn(t('findings.reportDueDate'), 'reportDueDate', (finding) =>
        finding.reportable && finding.reportDueDate ? format.date(finding.reportDueDate) : '—',
      ),
    ],
    [t, format],
  );

  return (
    <ListScreen
      list={list}
      title={t('findings.nav')}
      messages="findings"
      intro={t('findings.intro')}
      create={
        can(me.role, 'finding:create') ? { label: t('findings.record'), onClick: () => setRecording(true) } : undefined
      }
      columns={columns}
      filters={
        <>
          <UrlRemoteFilter {...facilityOptions} state={list.state} name="facilityId" label={t('findings.facility')} />
          <UrlEnumFilter state={list.state} name="source" of="findingSource" />
          <UrlEnumFilter state={list.state} name="severity" of="findingSeverity" />
          <UrlEnumFilter state={list.state} name="status" of="findingStatus" />
          <UrlRemoteFilter
            state={list.state}
            name="ownerId"
            label={t('findings.owner')}
            queryKey={['users', 'options']}
            fetchOptions={fetchUserOptions}
          />
          <UrlBooleanFilter
            state={list.state}
            name="overdueActions"
            label={t('findings.overdueActions')}
            yes={t('findings.withOverdue')}
            no={t('findings.withoutOverdue')}
          />
          <UrlBooleanFilter
            state={list.state}
            name="open"
            label={t('findings.openFilter')}
            yes={t('findings.openOnly')}
            no={t('findings.endedOnly')}
          />
          {list.state.filters.taskId ? (
            <Tag closable onClose={() => list.state.setFilter('taskId', undefined)}>
              {t('findings.taskFilter')}
            </Tag>
          ) : null}
          {list.state.filters.highSeverity ? (
            <Tag closable onClose={() => list.state.setFilter('highSeverity', undefined)}>
              {t('findings.highSeverityFilter')}
            </Tag>
          ) : null}
          {list.state.filters.reportPending ? (
            <Tag closable onClose={() => list.state.setFilter('reportPending', undefined)}>
              {t('findings.reportPendingFilter')}
            </Tag>
          ) : null}
        </>
      }
      exportOptions={{ fileName: 'findings', columns: exportColumns }}
    >
      <RecordFindingModal open={recording} onClose={() => setRecording(false)} />
    </ListScreen>
  );
}
