import { useMemo } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { NotificationDelivery } from '@rtms/shared/schemas/notifications';
import { UrlEnumFilter } from '../../../components/data/enum-filter';
import { ListScreen, useListScreen } from '../../../components/data/list-screen';
import { useFormatters } from '../../../components/data/use-formatters';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { deliveriesEndpoint } from '../api/deliveries';
import { notificationPath } from './notification-step';
import { CATEGORY_COLORS, DELIVERY_STATUS_COLORS } from './notification-labels';
import '../../../components/data/data.css';
import { column, sortedColumn } from '../../../components/data/common-columns';

// facilityId and recipientId come from links (a facility's or a user's deliveries); status, kind and category have
// a select.
const FILTERS = ['status', 'kind', 'category', 'facilityId', 'recipientId'] as const;

/** What a delivery carries, in words: a reminder's task, or a scheduled report's name, frequency and format. */
function subjectOf(t: Translate, d: NotificationDelivery): string {
  if (d.kind === 'REMINDER') return d.taskTitle ?? '';
  return t('deliveries.reportSubject', {
    report: d.report ? t(`reports.subscriptions.${d.report}`) : '',
    frequency: d.reportFrequency ? t(`frequency.${d.reportFrequency}`) : '',
    format: d.reportFormat === 'XLSX' ? 'Excel' : 'PDF',
    day: d.periodKey ?? '',
  });
}

/** A reminder's category, or the kind "Scheduled report". */
function kindOf(t: Translate, d: NotificationDelivery): string {
  return d.category ? t(`notifications.category.${d.category}`) : t(`deliveries.kind.${d.kind}`);
}

/** The export's columns, in the interface language. */
function exportColumns(t: Translate): ExportColumn<NotificationDelivery>[] {
  return [
    { header: t('deliveries.status'), value: (d) => t(`deliveries.status.${d.status}`), width: 12 },
    { header: t('deliveries.recipient'), value: (d) => d.recipientName, width: 28 },
    { header: t('deliveries.recipientEmail'), value: (d) => d.recipientEmail, width: 30 },
    { header: t('deliveries.subject'), value: (d) => subjectOf(t, d), width: 40 },
    { header: t('notifications.facility'), value: (d) => d.facilityName ?? '', width: 28 },
    { header: t('notifications.kind'), value: (d) => kindOf(t, d), width: 16 },
    { header: t('deliveries.step'), value: (d) => d.step ?? '', width: 18 },
    { header: t('deliveries.attempts'), value: (d) => d.attempts },
    { header: t('deliveries.detail'), value: (d) => d.lastError ?? '', width: 50 },
    { header: t('deliveries.created'), value: (d) => d.createdAt, width: 26 },
    { header: t('deliveries.updated'), value: (d) => d.sentAt ?? d.updatedAt, width: 26 },
  ];
}

/**
 * /notifications/deliveries (admins): the outbox; sent, failed with the error, skipped with why. Searched,
 * filtered, sorted and paged by the server; export.
 */
export function DeliveryLogPage() {
  const t = useT();
  const format = useFormatters();
  const list = useListScreen(deliveriesEndpoint, { filters: FILTERS, defaultSort: '-updatedAt' });

  const columns = useMemo<ColumnsType<NotificationDelivery>>(
    () => [
      column(t('deliveries.status'), 'status', (d) => (
        <Tag color={DELIVERY_STATUS_COLORS[d.status]}>{t(`deliveries.status.${d.status}`)}</Tag>
      )),
      column(t('deliveries.recipient'), 'recipient', (d) => (
        <>
          {d.recipientName}
          <br />
          <Typography.Text type="secondary">{d.recipientEmail}</Typography.Text>
        </>
      )),
      column(
        t('deliveries.subject'),
        'task',
        (d) => (d.taskId || d.findingId ? <Link to={notificationPath(d)}>{d.taskTitle}</Link> : subjectOf(t, d)),
        { width: 200 },
      ),
      column(t('notifications.facility'), 'facility', (d) =>
        d.facilityId ? <Link to={`/facilities/${d.facilityId}`}>{d.facilityName}</Link> : '—',
      ),
      column(t('notifications.kind'), 'category', (d) => (
        <Tag color={d.category ? CATEGORY_COLORS[d.category] : 'purple'}>{kindOf(t, d)}</Tag>
      )),
      column(t('deliveries.attempts'), 'attempts', (d) => d.attempts, { align: 'end' }),
      column(
        t('deliveries.detail'),
        'lastError',
        (d) =>
          d.lastError ? (
            <Typography.Text type={d.status === 'FAILED' ? 'danger' : 'secondary'}>{d.lastError}</Typography.Text>
          ) : (
            '—'
          ),
        { width: 280 },
      ),
      sortedColumn(t('deliveries.updated'), 'updatedAt', (d) => format.dateTime(d.sentAt ?? d.updatedAt)),
    ],
    [t, format],
  );

  return (
    <ListScreen
      list={list}
      title={t('deliveries.title')}
      messages="deliveries"
      columns={columns}
      filters={
        <>
          <UrlEnumFilter state={list.state} name="status" of="deliveryStatus" />
          <UrlEnumFilter state={list.state} name="kind" of="deliveryKind" />
          <UrlEnumFilter state={list.state} name="category" of="notificationCategory" />
        </>
      }
      exportOptions={{ fileName: 'notification-deliveries', columns: exportColumns }}
    />
  );
}
