import { Alert, Button, Card, Descriptions, Flex, List, Space, Typography } from 'antd';
import { EditOutlined, ForkOutlined, StopOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { can } from '@rtms/shared/permissions';
import type { PermitDetail } from '@rtms/shared/schemas/permits';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import '../../../components/data/data.css';
import { useEditDialog } from '../../../components/data/use-edit-dialog';
import { useFormatters } from '../../../components/data/use-formatters';
import { DetailHeader, DetailLoad } from '../../../components/detail-page';
import { TaskStateTag } from '../../../components/task-tags';
import { usePermit } from '../api/permits-api';
import { PermitStatusTag } from './permit-status-tag';
import { PermitChangeModal, type PermitChange } from './permit-change-modal';
import { PermitConditionsSection } from './permit-conditions-section';
import { PermitDocumentsSection } from './permit-documents-section';
import { PermitFormModal } from './permit-form-modal';
import { useState } from 'react';
import './permits.css';

/** /permits/:id: one version of a permit with its conditions, renewal, versions and documents. */
export function PermitDetailPage() {
  const { id = '' } = useParams();
  const t = useT();
  return (
    <DetailLoad query={usePermit(id)} rows={10} loadFailed={t('permits.loadFailed')}>
      {(permit) => <PermitView permit={permit} />}
    </DetailLoad>
  );
}

function PermitView({ permit }: { permit: PermitDetail }) {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const edit = useEditDialog<PermitDetail>();
  const [change, setChange] = useState<PermitChange | null>(null);
  const latest = !permit.nextVersionId && !permit.terminatedOn;
  const canManage = can(me.role, 'permit:manage');
  const dash = (value: string | number | null) => (value === null || value === '' ? '—' : value);
  const date = (value: string | null) => (value ? format.date(value) : '—');

  return (
    <>
      <DetailHeader
        back={{ to: '/permits', label: t('nav.permits') }}
        name={`${permit.number} · ${permit.title}`}
        tags={
          <>
            <PermitStatusTag status={permit.status} />
            <Typography.Text type="secondary">{t('permits.versionN', { version: permit.version })}</Typography.Text>
          </>
        }
        actions={
          canManage ? (
            <Space wrap>
              <Button icon={<EditOutlined />} onClick={() => edit.show(permit)}>
                {t('data.edit')}
              </Button>
              {latest ? (
                <>
                  <Button icon={<ForkOutlined />} onClick={() => setChange('version')}>
                    {t('permits.newVersion')}
                  </Button>
                  <Button danger icon={<StopOutlined />} onClick={() => setChange('terminate')}>
                    {t('permits.terminate')}
                  </Button>
                </>
              ) : null}
            </Space>
          ) : null
        }
      />
      {permit.nextVersionId ? (
        <Alert
          type="info"
          showIcon
          className="permit-alert"
          title={<Link to={`/permits/${permit.nextVersionId}`}>{t('permits.laterVersion')}</Link>}
        />
      ) : null}
      <Flex vertical gap={16}>
        <Card title={t('permits.details')}>
          <Descriptions
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              {
                key: 'facility',
                label: t('task.facility'),
                children: <Link to={`/facilities/${permit.facilityId}`}>{permit.facilityName}</Link>,
              },
              { key: 'agency', label: t('permits.agency'), children: permit.agency },
              { key: 'type', label: t('permits.type'), children: t(`permitType.${permit.type}`) },
              { key: 'issuedOn', label: t('permits.issuedOn'), children: date(permit.issuedOn) },
              { key: 'effectiveOn', label: t('permits.effectiveOn'), children: date(permit.effectiveOn) },
              {
                key: 'expiresOn',
                label: t('permits.expiresOn'),
                children: permit.expiresOn ? format.date(permit.expiresOn) : t('permits.noExpiry'),
              },
              { key: 'days', label: t('permits.daysToExpiry'), children: dash(permit.daysToExpiry) },
              {
                key: 'lead',
                label: t('permits.renewalLeadDays'),
                children: t('requirement.daysCount', { count: permit.renewalLeadDays }),
              },
              { key: 'submitted', label: t('permits.renewalSubmittedOn'), children: date(permit.renewalSubmittedOn) },
              ...(permit.terminatedOn
                ? [
                    { key: 'terminatedOn', label: t('permits.terminatedOn'), children: date(permit.terminatedOn) },
                    { key: 'reason', label: t('permits.terminationReason'), children: dash(permit.terminationReason) },
                  ]
                : []),
            ]}
          />
        </Card>
        <RenewalCard permit={permit} />
        <PermitConditionsSection permit={permit} canManage={canManage} />
        <Card title={t('permits.versions')}>
          <List
            dataSource={permit.versions}
            renderItem={(version) => (
              <List.Item>
                <Flex gap={8} wrap align="center">
                  {version._id === permit._id ? (
                    <strong>{t('permits.versionN', { version: version.version })}</strong>
                  ) : (
                    <Link to={`/permits/${version._id}`}>{t('permits.versionN', { version: version.version })}</Link>
                  )}
                  <span>
                    {format.date(version.effectiveOn)} –{' '}
                    {version.expiresOn ? format.date(version.expiresOn) : t('permits.noExpiry')}
                  </span>
                  <PermitStatusTag status={version.status} />
                </Flex>
              </List.Item>
            )}
          />
        </Card>
        <PermitDocumentsSection permit={permit} canManage={canManage} />
      </Flex>
      {edit.open ? <PermitFormModal dialog={edit} /> : null}
      <PermitChangeModal permit={permit} change={change} onClose={() => setChange(null)} />
    </>
  );
}

/** The renewal: its task (due renewalLeadDays before expiry, moved off holidays with the reason) or why none. */
function RenewalCard({ permit }: { permit: PermitDetail }) {
  const t = useT();
  const format = useFormatters();
  const task = permit.renewalTask;
  return (
    <Card title={t('permits.renewal')}>
      {task ? (
        <Flex vertical gap={8}>
          <Flex gap={8} wrap align="center">
            <Link to={`/tasks/${task._id}`}>{task.title}</Link>
            <TaskStateTag task={task} />
            <span>{t('permits.renewalDue', { date: format.date(task.dueDate) })}</span>
          </Flex>
          {task.shiftHoliday ? (
            <Typography.Text type="secondary">
              {t('task.shiftHoliday.PREVIOUS', { date: format.date(task.scheduledDueDate), name: task.shiftHoliday })}
            </Typography.Text>
          ) : task.scheduledDueDate !== task.dueDate ? (
            <Typography.Text type="secondary">
              {t('task.shiftWeekend.PREVIOUS', { date: format.date(task.scheduledDueDate) })}
            </Typography.Text>
          ) : null}
          <Typography.Text type="secondary">{t('permits.renewalEvidence')}</Typography.Text>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('permits.noRenewal')}</Typography.Text>
      )}
    </Card>
  );
}
