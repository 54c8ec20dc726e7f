import { Alert, Button } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { can } from '@rtms/shared/permissions';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { usePublicConfig } from '../../../lib/public-config';
import { useLinkRequests } from '../api/list-link-requests';

const PATH = '/users/link-requests';

/** Whether the signed-in user decides single sign-on links here: the server's permission, and single sign-on on. */
function useMayDecide(): boolean {
  const me = useCurrentUser();
  const config = usePublicConfig();
  return can(me.role, 'user:manageAdmins') && config.sso !== null;
}

/** The Users screen's header button to the sign-in link requests, for those who decide them. */
export function LinkRequestsButton() {
  const t = useT();
  const navigate = useNavigate();
  if (!useMayDecide()) return null;
  return (
    <Button icon={<LinkOutlined aria-hidden />} onClick={() => void navigate(PATH)}>
      {t('linkRequests.title')}
    </Button>
  );
}

/** Above the users: how many sign-in link requests wait for a decision (nothing when none). */
export function LinkRequestsNotice() {
  const t = useT();
  const navigate = useNavigate();
  const mayDecide = useMayDecide();
  const { data } = useLinkRequests(mayDecide);
  const count = data?.length ?? 0;
  if (!mayDecide || count === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="page-alert"
      title={t('linkRequests.waiting', { count })}
      action={
        <Button size="small" onClick={() => void navigate(PATH)}>
          {t('linkRequests.review')}
        </Button>
      }
    />
  );
}
