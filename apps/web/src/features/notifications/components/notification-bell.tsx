import { useState } from 'react';
import { Badge, Button, Empty, Flex, List, Popover, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { Notification } from '@rtms/shared/schemas/notifications';
import { useFormatters } from '../../../components/data/use-formatters';
import { useT } from '../../../lib/i18n/use-t';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from '../api/notifications';
import { CATEGORY_COLORS } from './notification-labels';
import './notifications.css';

/** How many of the latest notifications the bell shows. */
const LATEST = 6;

/** The header's bell: the unread count (polled), and on click the latest notifications. */
export function NotificationBell() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const count = useUnreadCount().data ?? 0;
  return (
    <Popover
      trigger="click"
      placement="bottom"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      content={open ? <LatestNotifications onNavigate={() => setOpen(false)} /> : null}
      title={t('notifications.title')}
    >
      <Button
        type="text"
        className="app-icon-button notification-bell"
        aria-label={t('notifications.bellUnread', { count })}
        aria-haspopup="dialog"
        aria-expanded={open}
        icon={
          <Badge count={count} size="small" overflowCount={99}>
            <BellOutlined />
          </Badge>
        }
      />
    </Popover>
  );
}

function LatestNotifications({ onNavigate }: { onNavigate: () => void }) {
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
    void navigate(`/tasks/${notification.taskId}`);
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
                  <Tag color={CATEGORY_COLORS[notification.category]}>
                    {t(`notifications.category.${notification.category}`)}
                  </Tag>
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
