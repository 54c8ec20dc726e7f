import { useMemo } from 'react';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { Notification } from '@rtms/shared/schemas/notifications';
import { UrlBooleanFilter } from '../../../components/data/url-filters';
import { UrlEnumFilter } from '../../../components/data/enum-filter';
import { ListScreen, useListScreen } from '../../../components/data/list-screen';
import { useFormatters } from '../../../components/data/use-formatters';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { useMarkAllRead, useMarkRead, notificationsEndpoint } from '../api/notifications';
import { CATEGORY_COLORS } from './notification-labels';
import { notificationPath, stepText } from './notification-step';
import '../../../components/data/data.css';
import { column, sortedColumn } from '../../../components/data/common-columns';

const FILTERS = ['unread', 'category'] as const;

/** The export's columns, in the interface language. */
function exportColumns(t: Translate): ExportColumn<Notification>[] {
  return [
    { header: t('notifications.when'), value: (n) => n.createdAt, width: 26 },
    { header: t('notifications.kind'), value: (n) => stepText(t, n), width: 24 },
    { header: t('notifications.task'), value: (n) => n.taskTitle, width: 40 },
    { header: t('notifications.facility'), value: (n) => n.facilityName, width: 28 },
    { header: t('notifications.due'), value: (n) => n.dueDate, width: 12 },
    {
      header: t('notifications.state'),
      value: (n) => (n.read ? t('notifications.read') : t('notifications.unread')),
      width: 12,
    },
  ];
}

/**
 * /notifications: every notification of mine, newest first; searched, filtered (read state, kind), sorted
 * and paged by the server; mark read, mark all read; export.
 */
export function NotificationsPage() {
  const t = useT();
  const format = useFormatters();
  const list = useListScreen(notificationsEndpoint, { filters: FILTERS, defaultSort: '-createdAt' });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();

  const columns = useMemo<ColumnsType<Notification>>(
    () => [
      column(t('notifications.state'), 'read', (n) =>
        n.read ? (
          <Typography.Text type="secondary">{t('notifications.read')}</Typography.Text>
        ) : (
          <Typography.Text strong>{t('notifications.unread')}</Typography.Text>
        ),
      ),
      column(t('notifications.kind'), 'category', (n) => (
        <Tag color={CATEGORY_COLORS[n.category]}>{stepText(t, n)}</Tag>
      )),
      column(t('notifications.task'), 'task', (n) => (
        <Link to={notificationPath(n)} onClick={() => (n.read ? undefined : markRead.mutate(n._id))}>
          {n.taskTitle}
        </Link>
      )),
      column(t('notifications.facility'), 'facility', (n) => n.facilityName),
      sortedColumn(t('notifications.due'), 'dueDate', (n) => format.date(n.dueDate)),
      sortedColumn(t('notifications.when'), 'createdAt', (n) => format.dateTime(n.createdAt)),
      column(<span className="visually-hidden">{t('notifications.markRead')}</span>, 'actions', (n) =>
        n.read ? null : (
          <Button
            size="small"
            icon={<CheckOutlined />}
            onClick={() => markRead.mutate(n._id)}
            aria-label={`${t('notifications.markRead')}: ${n.taskTitle}`}
          >
            {t('notifications.markRead')}
          </Button>
        ),
      ),
    ],
    [t, format, markRead],
  );

  return (
    <ListScreen
      list={list}
      title={t('notifications.title')}
      messages="notifications"
      headerActions={
        <>
          <Button icon={<CheckOutlined />} loading={markAll.isPending} onClick={() => markAll.mutate()}>
            {t('notifications.markAllRead')}
          </Button>
          <Button icon={<SettingOutlined />} onClick={() => void navigate('/notifications/settings')}>
            {t('notifications.settings')}
          </Button>
        </>
      }
      columns={columns}
      filters={
        <>
          <UrlBooleanFilter
            state={list.state}
            name="unread"
            label={t('notifications.show')}
            yes={t('notifications.showUnread')}
            no={t('notifications.read')}
          />
          <UrlEnumFilter state={list.state} name="category" of="notificationCategory" />
        </>
      }
      exportOptions={{ fileName: 'notifications', columns: exportColumns }}
    />
  );
}
