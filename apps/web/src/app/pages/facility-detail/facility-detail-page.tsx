import { useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Flex, Space, Tabs, Tag, Typography } from 'antd';
import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { can } from '@rtms/shared/permissions';
import type { FacilityDetail } from '@rtms/shared/schemas/facilities';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import '../../../components/data/data.css';
import { useT } from '../../../lib/i18n/use-t';
import { ConfirmButton } from '../../../components/data/confirm-button';
import { useFormatters } from '../../../components/data/use-formatters';
import { useRowAction } from '../../../components/data/use-row-action';
import { DetailHeader, DetailLoad } from '../../../components/detail-page';
import { useFacility } from '../../../features/facilities/api/get-facility';
import { useUpdateFacility } from '../../../features/facilities/api/update-facility';
import { FacilityDocumentsSection } from '../../../features/documents/components/facility-documents-section';
import { FacilityHolidaysSection } from '../../../features/holidays/components/facility-holidays-section';
import { FacilityComplianceCard } from './facility-compliance-card';
import { FacilityFormDrawer } from '../../../features/facilities/components/facility-form-drawer';
import { FacilitySectionPlaceholder } from '../../../features/facilities/components/facility-section-placeholder';
import { FacilityStatusTag } from '../../../features/facilities/components/facility-status-tag';
import { FacilityUsersSection } from './facility-users-section';
import { RequirementsTable } from '../../../features/requirements/components/requirements-table';
import { PermitsTable } from '../../../features/permits/components/permits-table';
import { TasksTable } from '../../../features/tasks/components/tasks-table';
import { offsetOf } from '../../../features/facilities/components/time-zones';

const TABS = ['overview', 'users', 'requirements', 'tasks', 'documents', 'holidays'] as const;
type TabKey = (typeof TABS)[number];

/** /facilities/:id: the facility's fields and users; its requirements, tasks and documents sections. */
export function FacilityDetailPage() {
  const { id = '' } = useParams();
  const t = useT();
  return (
    <DetailLoad query={useFacility(id)} rows={8} loadFailed={t('facility.loadFailed')}>
      {(facility) => <FacilityDetailView facility={facility} />}
    </DetailLoad>
  );
}

function FacilityDetailView({ facility }: { facility: FacilityDetail }) {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const runAction = useRowAction();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  const update = useUpdateFacility();
  const tabParam = params.get('tab');
  const tab: TabKey = TABS.includes(tabParam as TabKey) ? (tabParam as TabKey) : 'overview';

  const setStatus = (status: FacilityDetail['status']) =>
    runAction(
      () => update.mutateAsync({ id: facility._id, body: { status } }),
      () => t(status === 'ACTIVE' ? 'facilities.reactivated' : 'facilities.deactivated', { name: facility.name }),
    );

  const dash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);
  const location = [facility.city, facility.state, facility.country].filter(Boolean).join(', ');

  const overview = (
    <Flex vertical gap={16}>
      <FacilityComplianceCard facilityId={facility._id} />
      <Card title={t('facility.details')}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
          <Descriptions.Item label={t('facilities.name')}>{facility.name}</Descriptions.Item>
          <Descriptions.Item label={t('facilities.code')}>{facility.code}</Descriptions.Item>
          <Descriptions.Item label={t('facilities.type')}>{t(`facilityType.${facility.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('data.status')}>
            <FacilityStatusTag status={facility.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('facilities.capacityMw')}>
            {facility.capacityMw === null
              ? '—'
              : t('facility.megawatts', { value: format.number(facility.capacityMw) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('facilities.commercialOperationDate')}>
            {dash(format.date(facility.commercialOperationDate))}
          </Descriptions.Item>
          <Descriptions.Item label={t('facilities.timeZone')}>
            {facility.timeZone} ({offsetOf(facility.timeZone)})
          </Descriptions.Item>
          <Descriptions.Item label={t('facilities.address')}>{dash(facility.address)}</Descriptions.Item>
          <Descriptions.Item label={t('facility.location')}>{dash(location)}</Descriptions.Item>
          <Descriptions.Item label={t('facility.coordinates')}>
            {facility.latitude === null || facility.longitude === null
              ? '—'
              : `${format.number(facility.latitude, { maximumFractionDigits: 6 })}, ${format.number(facility.longitude, { maximumFractionDigits: 6 })}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('data.createdAt')}>{format.dateTime(facility.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('data.updatedAt')}>{format.dateTime(facility.updatedAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('facilities.programAreas')}>
        {facility.programAreas.length ? (
          <Space wrap>
            {facility.programAreas.map((area) => (
              <Tag key={area._id} color={area.active ? 'blue' : undefined}>
                {area.active ? area.name : `${area.name} (${t('data.inactive')})`}
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('facility.noProgramAreas')}</Typography.Text>
        )}
      </Card>
      <Card title={t('facilities.notes')}>
        {facility.notes ? (
          <Typography.Paragraph className="preserve-lines">{facility.notes}</Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">{t('facility.noNotes')}</Typography.Text>
        )}
      </Card>
    </Flex>
  );

  const items = [
    { key: 'overview', label: t('facility.tabOverview'), children: overview },
    {
      key: 'users',
      label: t('facility.tabUsers', { count: facility.users.length }),
      children: <FacilityUsersSection facility={facility} />,
    },
    {
      key: 'requirements',
      label: t('nav.requirements'),
      children: (
        <RequirementsTable
          label={t('facility.requirementsOf', { name: facility.name })}
          fileName={`facility-${facility.code.toLowerCase()}-requirements`}
          facilityId={facility._id}
          prefix="r"
          empty={
            <FacilitySectionPlaceholder title={t('facility.requirementsTitle')} body={t('facility.requirementsBody')} />
          }
        />
      ),
    },
    {
      key: 'permits',
      label: t('nav.permits'),
      children: (
        <PermitsTable
          label={t('permits.ofFacility', { name: facility.name })}
          fileName={`facility-${facility.code.toLowerCase()}-permits`}
          facilityId={facility._id}
          prefix="p"
        />
      ),
    },
    {
      key: 'tasks',
      label: t('facility.tabTasks'),
      children: (
        <TasksTable
          label={t('facility.tasksOf', { name: facility.name })}
          fileName={`facility-${facility.code.toLowerCase()}-tasks`}
          fixed={{ facilityId: facility._id }}
          prefix="t"
          empty={<FacilitySectionPlaceholder title={t('facility.tasksTitle')} body={t('facility.tasksBody')} />}
        />
      ),
    },
    {
      key: 'documents',
      label: t('nav.documents'),
      children: <FacilityDocumentsSection facility={facility} />,
    },
    {
      key: 'holidays',
      label: t('facility.tabHolidays'),
      children: <FacilityHolidaysSection facility={facility} today={todayInTimeZone(facility.timeZone)} />,
    },
  ];

  return (
    <>
      <DetailHeader
        back={{ to: '/facilities', label: t('facility.back') }}
        name={facility.name}
        tags={
          <>
            <Tag className="facility-code-tag">{facility.code}</Tag>
            <FacilityStatusTag status={facility.status} />
          </>
        }
        actions={
          <>
            {can(me.role, 'audit:view') ? (
              <Button icon={<HistoryOutlined />} onClick={() => navigate(`/audit?facilityId=${facility._id}`)}>
                {t('facility.history')}
              </Button>
            ) : null}
            {can(me.role, 'facility:update') ? (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('data.edit')}
              </Button>
            ) : null}
            {can(me.role, 'facility:deactivate') ? (
              facility.status === 'ACTIVE' ? (
                <ConfirmButton
                  danger
                  title={t('facilities.deactivateConfirm', { name: facility.name })}
                  description={t('facilities.deactivateConfirmBody')}
                  okText={t('facilities.deactivate')}
                  onConfirm={() => setStatus('INACTIVE')}
                >
                  {t('facilities.deactivate')}
                </ConfirmButton>
              ) : (
                <ConfirmButton
                  title={t('facilities.reactivateConfirm', { name: facility.name })}
                  okText={t('facilities.reactivate')}
                  onConfirm={() => setStatus('ACTIVE')}
                >
                  {t('facilities.reactivate')}
                </ConfirmButton>
              )
            ) : null}
          </>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams((previous) => {
            const next = new URLSearchParams(previous);
            if (key === 'overview') next.delete('tab');
            else next.set('tab', key);
            return next;
          })
        }
        items={items}
      />
      <FacilityFormDrawer
        open={editing}
        facility={facility}
        knownProgramAreas={facility.programAreas.map((area) => ({ value: area._id, label: area.name }))}
        onClose={() => setEditing(false)}
      />
    </>
  );
}
