import { Button, Dropdown, Flex, Typography } from 'antd';
import {
  BellOutlined,
  HistoryOutlined,
  KeyOutlined,
  LogoutOutlined,
  MailOutlined,
  SafetyOutlined,
} from '@ant-design/icons';
import { can } from '@rtms/shared/permissions';
import { useNavigate } from 'react-router';
import { displayNameOf } from '@rtms/shared/display-name';
import { useAuth, useCurrentUser } from '../../lib/auth/auth-context';
import { useT } from '../../lib/i18n/use-t';
import { UserAvatar } from '../../components/user-avatar';

/** Avatar, name and the user menu: change password, account security and sign out. */
export function UserMenu({ showName = true }: { showName?: boolean }) {
  const t = useT();
  const user = useCurrentUser();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const name = displayNameOf(user) || user.email;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'change-password', icon: <KeyOutlined />, label: t('userMenu.changePassword') },
          { key: 'account-security', icon: <SafetyOutlined />, label: t('userMenu.accountSecurity') },
          { key: 'notification-settings', icon: <BellOutlined />, label: t('userMenu.notificationSettings') },
          ...(can(user.role, 'notificationDelivery:view')
            ? [{ key: 'delivery-log', icon: <MailOutlined />, label: t('userMenu.deliveryLog') }]
            : []),
          ...(can(user.role, 'job:run') ? [{ key: 'jobs', icon: <HistoryOutlined />, label: t('userMenu.jobs') }] : []),
          { type: 'divider' },
          { key: 'sign-out', icon: <LogoutOutlined />, label: t('userMenu.signOut') },
        ],
        onClick: ({ key }) => {
          if (key === 'change-password') navigate('/change-password');
          if (key === 'account-security') navigate('/account-security');
          if (key === 'notification-settings') navigate('/notifications/settings');
          if (key === 'delivery-log') navigate('/notifications/deliveries');
          if (key === 'jobs') navigate('/jobs');
          if (key === 'sign-out') void signOut();
        },
      }}
    >
      {/* Named by its content, so that the name contains the visible text (WCAG 2.5.3): "User menu: <name> <role>". */}
      <Button type="text" className="user-menu__trigger">
        <Flex align="center" gap={10}>
          <span className="visually-hidden">
            {t('userMenu.label')}: {showName ? null : name}
          </span>
          <UserAvatar user={user} />
          {showName ? (
            <Flex vertical className="user-menu__text">
              <Typography.Text strong ellipsis>
                {name}
              </Typography.Text>
              <Typography.Text type="secondary" className="user-menu__role">
                {t(`role.${user.role}`)}
              </Typography.Text>
            </Flex>
          ) : null}
        </Flex>
      </Button>
    </Dropdown>
  );
}
