import { Button, Empty } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { can } from '@rtms/shared/permissions';
import type { PermitDetail } from '@rtms/shared/schemas/permits';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { useEditDialog } from '../../../components/data/use-edit-dialog';
import { PermitsTable } from './permits-table';
import { PermitFormModal } from './permit-form-modal';

/** /permits: the register of the permits of the caller's facilities; new permits where the role allows. */
export function PermitsPage() {
  const t = useT();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const dialog = useEditDialog<PermitDetail>();
  const canManage = can(me.role, 'permit:manage');
  const createButton = (primary: boolean) =>
    canManage ? (
      <Button type={primary ? 'primary' : 'default'} icon={<PlusOutlined />} onClick={() => dialog.show()}>
        {t('permits.new')}
      </Button>
    ) : null;
  return (
    <>
      <PageHeader title={t('nav.permits')} actions={createButton(true)} />
      <PermitsTable
        label={t('nav.permits')}
        fileName="permits"
        empty={<Empty description={t('permits.empty')}>{createButton(false)}</Empty>}
      />
      {dialog.open ? (
        <PermitFormModal dialog={dialog} onSaved={(permit) => void navigate(`/permits/${permit._id}`)} />
      ) : null}
    </>
  );
}
