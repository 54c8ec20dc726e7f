import { useMemo } from 'react';
import { Alert, Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { AuditEvent } from '@rtms/shared/schemas/audit';
import { can } from '@rtms/shared/permissions';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { UrlEnumFilter } from '../../../components/data/enum-filter';
import { ListScreen, useListScreen } from '../../../components/data/list-screen';
import { UrlDateRangeFilter, UrlRemoteFilter } from '../../../components/data/url-filters';
import { useFormatters } from '../../../components/data/use-formatters';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { useFacility } from '../../facilities/api/get-facility';
import { fetchUserOptions } from '../../users/api/list-users';
import { auditEndpoint } from '../api/list-audit-events';
import { useVerifyAuditChain } from '../api/verify-audit-chain';
import { AuditChangesTable } from '../../../components/audit-changes';
import {
  auditActionLabel,
  auditChangeLines,
  auditEntityLabel,
  auditFieldLabel,
  auditSubject,
} from '../../../components/audit-labels';
import { column, sortedColumn } from '../../../components/data/common-columns';

const FILTERS = ['entityType', 'action', 'actorId', 'from', 'to', 'entityId', 'facilityId'] as const;

/** The export's columns, in the interface language. */
function exportColumns(t: Translate): ExportColumn<AuditEvent>[] {
  return [
    { header: t('audit.sequence'), value: (e) => e.seq },
    { header: t('audit.when'), value: (e) => e.at, width: 26 },
    { header: t('audit.who'), value: (e) => e.actorName ?? e.actorEmail ?? t('audit.system'), width: 28 },
    { header: t('audit.whoEmail'), value: (e) => e.actorEmail ?? '', width: 28 },
    { header: t('audit.action'), value: (e) => auditActionLabel(t, e.action), width: 16 },
    { header: t('audit.entityType'), value: (e) => auditEntityLabel(t, e.entityType), width: 16 },
    { header: t('audit.subject'), value: (e) => auditSubject(e), width: 28 },
    { header: t('audit.entityId'), value: (e) => e.entityId, width: 28 },
    { header: t('audit.facility'), value: (e) => e.facilityName ?? '', width: 28 },
    { header: t('audit.facilityId'), value: (e) => e.facilityId, width: 28 },
    {
      header: t('audit.changes'),
      value: (e) => auditChangeLines(t, e),
      width: 60,
    },
    { header: t('audit.hash'), value: (e) => e.hash, width: 66 },
    { header: t('audit.prevHash'), value: (e) => e.prevHash, width: 66 },
  ];
}

// Only tag colours that keep AA contrast in the dark theme too (geekblue and purple do not).
const ACTION_COLORS: Partial<Record<string, string>> = {
  CREATE: 'green',
  UPDATE: 'blue',
  DELETE: 'volcano',
  DEACTIVATE: 'volcano',
  REACTIVATE: 'cyan',
  ROLE_CHANGE: 'gold',
  PASSWORD_RESET: 'gold',
  ASSIGN: 'cyan',
  UNASSIGN: 'magenta',
};

/** /audit: the tamper-evident trail, filterable by entity, action, user and dates; verify the hash chain; export. */
export function AuditPage() {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const list = useListScreen(auditEndpoint, { filters: FILTERS, defaultSort: '-at' });
  const verify = useVerifyAuditChain();
  const canVerify = can(me.role, 'audit:verify');

  const columns = useMemo<ColumnsType<AuditEvent>>(
    () => [
      sortedColumn(t('audit.when'), 'at', (event) => format.dateTime(event.at)),
      column(t('audit.who'), 'actor', (event) =>
        event.actorEmail ? (
          <Tooltip title={event.actorEmail}>
            <bdi>{event.actorName ?? event.actorEmail}</bdi>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('audit.system')}</Typography.Text>
        ),
      ),
      column(t('audit.action'), 'action', (event) => (
        <Tag color={ACTION_COLORS[event.action]}>{auditActionLabel(t, event.action)}</Tag>
      )),
      column(t('audit.entityType'), 'entityType', (event) => auditEntityLabel(t, event.entityType)),
      column(t('audit.subject'), 'subject', (event) => {
        // The name kept in the event, else one in the change; without one (a generation run, the security
        // settings), a dash with the id on hover: the entity type's column says what it is.
        const name = auditSubject(event);
        const subject = name ? (
          <bdi>{name}</bdi>
        ) : (
          <Tooltip title={event.entityId}>
            <span>—</span>
          </Tooltip>
        );
        return event.entityType === 'FACILITY' ? <Link to={`/facilities/${event.entityId}`}>{subject}</Link> : subject;
      }),
      column(t('audit.facility'), 'facility', (event) =>
        event.facilityId ? (
          <Link to={`/facilities/${event.facilityId}`}>
            <bdi>{event.facilityName ?? `${event.facilityId.slice(0, 8)}…`}</bdi>
          </Link>
        ) : (
          '—'
        ),
      ),
      column(t('audit.changes'), 'changes', (event) => {
        const fields = Object.keys(event.changes);
        return fields.length ? (
          <Tooltip title={fields.map((field) => auditFieldLabel(t, field)).join(', ')}>
            <span>{t('audit.fieldCount', { count: fields.length })}</span>
          </Tooltip>
        ) : (
          '—'
        );
      }),
      column(t('audit.sequence'), 'seq', (event) => <Typography.Text type="secondary">#{event.seq}</Typography.Text>, {
        align: 'end',
      }),
    ],
    [t, format],
  );

  const verdict = verify.data?.data;

  return (
    <ListScreen
      list={list}
      title={t('nav.audit')}
      messages="audit"
      headerActions={
        canVerify ? (
          <Button icon={<SafetyCertificateOutlined />} loading={verify.isPending} onClick={() => verify.mutate()}>
            {t('audit.verify')}
          </Button>
        ) : null
      }
      notices={
        <>
          {verdict ? (
            verdict.intact ? (
              <Alert
                className="page-alert"
                type="success"
                showIcon
                role="status"
                closable={{ onClose: () => verify.reset() }}
                title={t('audit.chainIntact')}
                description={t('audit.chainIntactBody', { count: verdict.checked })}
              />
            ) : (
              <Alert
                className="page-alert"
                type="error"
                showIcon
                role="alert"
                title={t('audit.chainBroken')}
                description={t('audit.chainBrokenBody', { count: verdict.checked, id: verdict.firstBrokenId ?? '—' })}
              />
            )
          ) : null}
          {verify.error ? (
            <Alert className="page-alert" type="error" showIcon role="alert" title={verify.error.message} />
          ) : null}
        </>
      }
      columns={columns}
      filters={
        <>
          <UrlEnumFilter state={list.state} name="entityType" of="auditEntity" />
          <UrlEnumFilter state={list.state} name="action" of="auditAction" />
          <UrlRemoteFilter
            state={list.state}
            name="actorId"
            label={t('audit.user')}
            queryKey={['users', 'options']}
            fetchOptions={fetchUserOptions}
          />
          <UrlDateRangeFilter
            state={list.state}
            from="from"
            to="to"
            label={t('audit.dateRange')}
            placeholder={[t('audit.from'), t('audit.to')]}
          />
          {list.state.filters.entityId ? (
            <Tag closable onClose={() => list.state.setFilter('entityId', undefined)}>
              {t('audit.entityFilter', {
                id:
                  list.result.data?.data.find((event) => event.entityId === list.state.filters.entityId)?.entityName ??
                  list.state.filters.entityId,
              })}
            </Tag>
          ) : null}
          {list.state.filters.facilityId ? (
            <Tag closable onClose={() => list.state.setFilter('facilityId', undefined)}>
              <FacilityFilterLabel id={list.state.filters.facilityId} />
            </Tag>
          ) : null}
        </>
      }
      expandable={{
        expandedRowRender: (event) => (
          <Space orientation="vertical" className="audit-expansion">
            <AuditChangesTable event={event} />
            <Typography.Text type="secondary" className="audit-hash">
              {t('audit.hash')}: <code>{event.hash}</code>
            </Typography.Text>
          </Space>
        ),
        rowExpandable: () => true,
      }}
      exportOptions={{ fileName: 'audit-trail', columns: exportColumns }}
    />
  );
}

/** The facility filter's chip: the facility's name (its id until the name has loaded, or if unreadable). */
function FacilityFilterLabel({ id }: { id: string }) {
  const t = useT();
  const { data } = useFacility(id);
  return <>{t('audit.facilityFilterName', { name: data?.data.name ?? id })}</>;
}
