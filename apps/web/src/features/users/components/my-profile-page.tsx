import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Flex, Skeleton, Space, Tag } from 'antd';
import { EditOutlined, KeyOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import '../../../components/data/data.css';
import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { ActiveTag } from '../../../components/data/active-tag';
import { useFormatters } from '../../../components/data/use-formatters';
import { useFacilities } from '../../facilities/api/list-facilities';
import { useUser } from '../api/get-user';
import { UserFormModal } from './user-form-modal';

/** My Profile (FACILITY_USER): my own details and facilities, editing my name, and a way to change my password. */
export function MyProfilePage() {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const { data, error, isPending } = useUser(me._id);
  // A facility user's scope is exactly their own facilities.
  const facilities = useFacilities({ pageSize: 200, sort: 'name' });
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  const user = data?.data;

  return (
    <>
      <PageHeader
        title={t('nav.myProfile')}
        actions={
          <>
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={!user}>
              {t('profile.editName')}
            </Button>
            <Button icon={<KeyOutlined />} onClick={() => navigate('/change-password')}>
              {t('nav.changePassword')}
            </Button>
          </>
        }
      />
      {error ? <Alert type="error" showIcon role="alert" title={error.message} /> : null}
      <Flex vertical gap={16}>
        <Card title={t('profile.details')}>
          {isPending ? (
            <Skeleton active />
          ) : user ? (
            <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
              <Descriptions.Item label={t('users.name')}>{user.name || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('users.email')}>{user.email}</Descriptions.Item>
              <Descriptions.Item label={t('users.role')}>{t(`role.${user.role}`)}</Descriptions.Item>
              <Descriptions.Item label={t('data.status')}>
                <ActiveTag active={user.active} />
              </Descriptions.Item>
              <Descriptions.Item label={t('users.lastSignIn')}>
                {user.lastSignInAt ? format.dateTime(user.lastSignInAt) : t('users.never')}
              </Descriptions.Item>
              <Descriptions.Item label={t('profile.memberSince')}>{format.dateTime(user.createdAt)}</Descriptions.Item>
            </Descriptions>
          ) : null}
        </Card>
        <Card title={t('profile.myFacilities')}>
          {facilities.isPending ? (
            <Skeleton active paragraph={{ rows: 1 }} />
          ) : facilities.data && facilities.data.data.length > 0 ? (
            <Space wrap>
              {facilities.data.data.map((facility) => (
                <Link key={facility._id} to={`/facilities/${facility._id}`}>
                  <Tag color="green">
                    {facility.name} ({facility.code})
                  </Tag>
                </Link>
              ))}
            </Space>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.noFacilities')} />
          )}
        </Card>
      </Flex>
      <UserFormModal
        open={editing}
        user={user}
        onClose={() => setEditing(false)}
        onTemporaryPassword={() => undefined}
      />
    </>
  );
}
