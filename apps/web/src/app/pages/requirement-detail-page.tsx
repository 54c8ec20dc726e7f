import type { ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Flex, Space, Table, Tabs, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link, useParams, useSearchParams } from 'react-router';
import type { RequirementDetail, RequirementFacility } from '@rtms/shared/schemas/requirements';
import { useT } from '../../lib/i18n/use-t';
import '../../components/data/data.css';
import { ConfirmButton } from '../../components/data/confirm-button';
import { useFormatters } from '../../components/data/use-formatters';
import { useRowAction } from '../../components/data/use-row-action';
import { DetailHeader, DetailLoad } from '../../components/detail-page';
import { EvidencePackButton } from '../../features/documents/components/evidence-pack-button';
import { TasksTable } from '../../features/tasks/components/tasks-table';
import { useRequirement } from '../../features/requirements/api/get-requirement';
import { useRetireRequirement } from '../../features/requirements/api/retire-requirement';
import { useUpdateRequirement } from '../../features/requirements/api/update-requirement';
import { RequirementFormDrawer } from '../../features/requirements/components/requirement-form-drawer';
import { RequirementStatusTag } from '../../features/requirements/components/requirement-status-tag';
import { RetireImpact } from '../../features/requirements/components/retire-impact';
import { PeriodEndRuleText } from '../../features/requirements/components/period-end-rule-text';
import '../../features/requirements/components/requirements.css';
import { column } from '../../components/data/common-columns';

/** Prefix of the tasks table's URL parameters on this page. */
const TASKS_PREFIX = 't';

/** /requirements/:id: the requirement's fields, its facilities and its tasks per facility with their timeliness. */
export function RequirementDetailPage() {
  const { id = '' } = useParams();
  const t = useT();
  return (
    <DetailLoad query={useRequirement(id)} rows={10} loadFailed={t('requirement.loadFailed')}>
      {(requirement) => <RequirementDetailView requirement={requirement} />}
    </DetailLoad>
  );
}

function RequirementDetailView({ requirement }: { requirement: RequirementDetail }) {
  const t = useT();
  const format = useFormatters();
  const runAction = useRowAction();
  const [params, setParams] = useSearchParams();
  const retire = useRetireRequirement();
  const update = useUpdateRequirement();
  // The server says what this caller may do to this requirement (requirement-actions.ts): a facility
  // administrator is not offered Edit or Retire on a requirement that also binds others' facilities.
  const canManage = requirement.allowedActions.includes('update');
  const canRetire = requirement.allowedActions.includes('retire');
  const editing = canManage && params.get('edit') === '1';
  const facilityTab = params.get('facility') ?? 'all';

  const setParam = (name: string, value: string | null, { resetTasks = false } = {}) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (resetTasks) for (const key of [...next.keys()]) if (key.startsWith(`${TASKS_PREFIX}.`)) next.delete(key);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: name === 'edit' },
    );

  const run = (
    action: () => Promise<{ meta: { tasks: { added: number; removed: number } } }>,
    key: 'retired' | 'reactivated',
  ) =>
    runAction(action, (saved) =>
      t(key === 'retired' ? 'requirement.retired' : 'requirement.reactivated', {
        title: requirement.title,
        removed: format.number(saved.meta.tasks.removed),
        added: format.number(saved.meta.tasks.added),
      }),
    );

  const dash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);
  const days = (value: number) => t('requirement.daysCount', { count: value });

  const fields = [
    { key: 'category', label: t('requirement.category'), children: t(`category.${requirement.category}`) },
    { key: 'frequency', label: t('requirement.frequency'), children: t(`frequency.${requirement.frequency}`) },
    {
      key: 'scheduleMode',
      label: t('requirement.scheduleMode'),
      children:
        requirement.scheduleMode === 'PERIOD_END' ? (
          <PeriodEndRuleText requirement={requirement} />
        ) : (
          t(`scheduleMode.${requirement.scheduleMode}`)
        ),
    },
    { key: 'firstDueDate', label: t('requirement.firstDueDate'), children: format.date(requirement.firstDueDate) },
    {
      key: 'weekendShift',
      label: t('requirement.weekendShift'),
      children: t(`weekendShift.${requirement.weekendShift}`),
    },
    { key: 'lead', label: t('requirement.leadTimeDays'), children: days(requirement.leadTimeDays) },
    { key: 'grace', label: t('requirement.graceDays'), children: days(requirement.graceDays) },
    {
      key: 'evidence',
      label: t('requirement.evidenceRequired'),
      children: requirement.evidenceRequired
        ? t('requirement.evidenceAtLeast', { count: Math.max(1, requirement.minEvidence) })
        : t('data.no'),
    },
    {
      key: 'review',
      label: t('review.reviewRequired'),
      children: requirement.reviewRequired ? t('data.yes') : t('data.no'),
    },
    { key: 'regulation', label: t('requirement.regulation'), children: dash(requirement.regulationTitle) },
    { key: 'citation', label: t('requirement.citation'), children: dash(requirement.citation) },
    { key: 'programArea', label: t('requirement.programArea'), children: dash(requirement.programAreaName) },
    { key: 'permit', label: t('requirement.permitNumber'), children: dash(requirement.permitNumber) },
    { key: 'activeFrom', label: t('requirement.activeFrom'), children: dash(format.date(requirement.activeFrom)) },
    { key: 'activeUntil', label: t('requirement.activeUntil'), children: dash(format.date(requirement.activeUntil)) },
    {
      key: 'assignee',
      label: t('requirement.defaultAssignee'),
      children: requirement.defaultAssigneeName ?? (
        <Typography.Text type="secondary">{t('task.unassigned')}</Typography.Text>
      ),
    },
    { key: 'updated', label: t('data.updatedAt'), children: format.dateTime(requirement.updatedAt) },
    {
      key: 'description',
      label: t('requirement.description'),
      span: 'filled' as const,
      children: requirement.description ? (
        <span className="preserve-lines">{requirement.description}</span>
      ) : (
        <Typography.Text type="secondary">{t('requirement.noDescription')}</Typography.Text>
      ),
    },
  ];

  const bindings = requirement.facilities;
  const tabs = [
    {
      key: 'all',
      label: t('requirement.allFacilities'),
      children: (
        <TasksTable
          label={t('requirement.tasksOf', { title: requirement.title })}
          fileName="requirement-tasks"
          prefix={TASKS_PREFIX}
          fixed={{ requirementId: requirement._id }}
          defaultView="everything"
          empty={<Empty description={t('requirement.noTasks')} />}
        />
      ),
    },
    ...bindings.map((binding) => ({
      key: binding.facilityId,
      label: binding.applicable
        ? binding.facilityName
        : t('requirement.tabNotApplicable', { name: binding.facilityName }),
      children: (
        <TasksTable
          label={t('requirement.tasksAt', { title: requirement.title, facility: binding.facilityName })}
          fileName={`requirement-tasks-${binding.facilityCode.toLowerCase()}`}
          prefix={TASKS_PREFIX}
          fixed={{ requirementId: requirement._id, facilityId: binding.facilityId }}
          defaultView="everything"
          empty={
            <Empty
              description={
                binding.applicable
                  ? t('requirement.noTasksAt', { facility: binding.facilityName })
                  : t('requirement.notApplicableAt', { reason: binding.notApplicableReason ?? '' })
              }
            />
          }
        />
      ),
    })),
  ];

  return (
    <>
      <DetailHeader
        back={{ to: '/requirements', label: t('requirement.back') }}
        name={requirement.title}
        tags={<RequirementStatusTag status={requirement.status} />}
        actions={
          canManage ? (
            <>
              <Button icon={<EditOutlined />} onClick={() => setParam('edit', '1')}>
                {t('data.edit')}
              </Button>
              {canRetire ? (
                <ConfirmButton
                  danger
                  title={t('requirement.retireConfirm', { title: requirement.title })}
                  description={<RetireImpact requirementId={requirement._id} />}
                  okText={t('requirement.retire')}
                  onConfirm={() => run(() => retire.mutateAsync({ id: requirement._id }), 'retired')}
                >
                  {t('requirement.retire')}
                </ConfirmButton>
              ) : requirement.status === 'RETIRED' ? (
                <ConfirmButton
                  title={t('requirement.reactivateConfirm', { title: requirement.title })}
                  description={t('requirement.reactivateConfirmBody')}
                  okText={t('requirement.reactivate')}
                  onConfirm={() =>
                    run(() => update.mutateAsync({ id: requirement._id, body: { status: 'ACTIVE' } }), 'reactivated')
                  }
                >
                  {t('requirement.reactivate')}
                </ConfirmButton>
              ) : null}
            </>
          ) : null
        }
      />
      {requirement.status === 'RETIRED' ? (
        <Alert type="info" showIcon className="page-alert" title={t('requirement.retiredNote')} />
      ) : null}
      <Flex vertical gap={16}>
        <Card title={t('requirement.details')}>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={fields} />
        </Card>
        <Card title={t('requirement.facilitiesCount', { count: bindings.length })}>
          <BindingsTable bindings={bindings} />
        </Card>
        <Card
          title={t('requirement.tasks')}
          extra={
            <EvidencePackButton
              initial={{ requirementId: requirement._id }}
              knownOptions={[{ value: requirement._id, label: requirement.title }]}
            />
          }
        >
          <Tabs
            activeKey={tabs.some((tab) => tab.key === facilityTab) ? facilityTab : 'all'}
            onChange={(key) => setParam('facility', key === 'all' ? null : key, { resetTasks: true })}
            destroyOnHidden
            items={tabs}
          />
        </Card>
      </Flex>
      {canManage ? (
        <RequirementFormDrawer open={editing} requirement={requirement} onClose={() => setParam('edit', null)} />
      ) : null}
    </>
  );
}

/** The facilities the requirement binds, with applicability and the per-site overrides. */
function BindingsTable({ bindings }: { bindings: RequirementFacility[] }) {
  const t = useT();
  const format = useFormatters();
  if (bindings.length === 0)
    return <Typography.Text type="secondary">{t('requirement.noFacilitiesBound')}</Typography.Text>;
  return (
    <Table<RequirementFacility>
      size="small"
      rowKey="_id"
      aria-label={t('requirement.facilities')}
      dataSource={bindings}
      pagination={bindings.length > 20 ? { pageSize: 20 } : false}
      scroll={{ x: 'max-content' }}
      columns={[
        column(t('task.facility'), 'facility', (binding) => (
          <Link to={`/facilities/${binding.facilityId}`}>
            {binding.facilityName} ({binding.facilityCode})
          </Link>
        )),
        column(t('requirement.applies'), 'applicable', (binding) =>
          binding.applicable ? (
            <Tag color="green">{t('data.yes')}</Tag>
          ) : (
            <Space orientation="vertical" size={0}>
              <Tag>{t('requirement.notApplicable')}</Tag>
              <Typography.Text type="secondary">{binding.notApplicableReason}</Typography.Text>
            </Space>
          ),
        ),
        column(
          t('requirement.assigneeOverride'),
          'assignee',
          (binding) =>
            binding.assigneeName ?? (
              <Typography.Text type="secondary">{t('requirement.useDefaultAssignee')}</Typography.Text>
            ),
        ),
        column(t('requirement.firstDueOverride'), 'firstDue', (binding) =>
          binding.firstDueDate ? (
            format.date(binding.firstDueDate)
          ) : (
            <Typography.Text type="secondary">{t('requirement.useFirstDueDate')}</Typography.Text>
          ),
        ),
        column(t('requirement.generateFrom'), 'generateFrom', (binding) => format.date(binding.generateFrom)),
        { title: t('facilities.timeZone'), key: 'timeZone', dataIndex: 'timeZone' },
      ]}
    />
  );
}
