import { useState } from 'react';
import { Button, Empty, Space } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { can } from '@rtms/shared/permissions';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { ImportRequirementsDialog } from './import/import-requirements-dialog';
import { RequirementFormDrawer } from './requirement-form-drawer';
import { RequirementsTable } from './requirements-table';

/** /requirements: the obligations of the caller's facilities; create, edit and retire where the role allows. */
export function RequirementsPage() {
  const t = useT();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const canManage = can(me.role, 'requirement:manage');
  const createButton = (primary: boolean) =>
    canManage ? (
      <Button type={primary ? 'primary' : 'default'} icon={<PlusOutlined />} onClick={() => setCreating(true)}>
        {t('requirements.new')}
      </Button>
    ) : null;

  return (
    <>
      <PageHeader
        title={t('nav.requirements')}
        actions={
          canManage ? (
            <Space wrap>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('requirementImport.open')}
              </Button>
              {createButton(true)}
            </Space>
          ) : null
        }
      />
      <RequirementsTable
        label={t('nav.requirements')}
        fileName="requirements"
        empty={
          <Empty description={canManage ? t('requirements.empty') : t('requirements.emptyScoped')}>
            {createButton(false)}
          </Empty>
        }
      />
      <RequirementFormDrawer
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(saved) => void navigate(`/requirements/${saved.data._id}`)}
      />
      <ImportRequirementsDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
