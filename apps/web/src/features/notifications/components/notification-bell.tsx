import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useT } from '../../../lib/i18n/use-t';
import { useUnreadCount } from '../api/notifications';
import './notifications.css';

// The list (antd's List, with its pagination and select) downloads when the bell is first opened: the bell is on
// every page's first paint, its list is not (decision 024).
const LatestNotifications = lazy(() =>
  import('./latest-notifications').then((m) => ({ default: m.LatestNotifications })),
);

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
      content={
        open ? (
          <Suspense fallback={<div className="notification-popover" />}>
            <LatestNotifications onNavigate={() => setOpen(false)} />
          </Suspense>
        ) : null
      }
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
