import { Button, Empty, Flex, List, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { Notification } from '@rtms/shared/schemas/notifications';
import { useFormatters } from '../../../components/data/use-formatters';
import { useT } from '../../../lib/i18n/use-t';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
import { CATEGORY_COLORS } from './notification-labels';
import { notificationPath, stepText } from './notification-step';

/** How many of the latest notifications the bell shows. */
const LATEST = 6;

/** The bell's popover (notification-bell.tsx): the latest notifications, polled while it is open. */
export function LatestNotifications({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const format = useFormatters();
  const navigate = useNavigate();
  const latest = useNotifications({ pageSize: LATEST }, { poll: true });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = latest.data?.data ?? [];
  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification._id);
    onNavigate();
    void navigate(notificationPath(notification));
  };
  return (
    <Flex vertical gap={8} className="notification-popover">
      <List
        loading={latest.isPending}
        dataSource={items}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} /> }}
        renderItem={(notification) => (
          <List.Item
            className={notification.read ? 'notification-item' : 'notification-item notification-item--unread'}
          >
            <button type="button" className="notification-item__button" onClick={() => open(notification)}>
              <Flex vertical gap={2}>
                <Flex gap={6} align="center" wrap>
                  <Tag color={CATEGORY_COLORS[notification.category]}>{stepText(t, notification)}</Tag>
                  {notification.read ? null : <span className="visually-hidden">{t('notifications.unread')}</span>}
                  <Typography.Text strong={!notification.read}>{notification.taskTitle}</Typography.Text>
                </Flex>
                <Typography.Text type="secondary">
                  {notification.facilityName} · {t('notifications.due')}: {format.date(notification.dueDate)}
                </Typography.Text>
              </Flex>
            </button>
          </List.Item>
        )}
      />
      <Flex justify="space-between" gap={8} wrap>
        <Button size="small" onClick={() => markAll.mutate()} loading={markAll.isPending} disabled={items.length === 0}>
          {t('notifications.markAllRead')}
        </Button>
        <Flex gap={12}>
          <Link to="/notifications/settings" onClick={onNavigate}>
            {t('notifications.settings')}
          </Link>
          <Link to="/notifications" onClick={onNavigate}>
            {t('notifications.seeAll')}
          </Link>
        </Flex>
      </Flex>
    </Flex>
  );
}
