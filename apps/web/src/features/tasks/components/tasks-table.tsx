import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Button, DatePicker, Empty, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckOutlined, UserSwitchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { TASK_CATEGORIES, TASK_FREQUENCIES, TASK_STATUSES } from '@rtms/shared/enums';
import { can } from '@rtms/shared/permissions';
import type { Task } from '@rtms/shared/schemas/tasks';
import { taskNumberOf } from '@rtms/shared/task-number';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { FilterSelect } from '../../../components/data/filter-select';
import { RemoteSelect } from '../../../components/data/remote-select';
import { ServerTable } from '../../../components/data/server-table';
import { useFormatters } from '../../../components/data/use-formatters';
import { useTableUrlState } from '../../../components/data/use-table-url-state';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { fetchFacilityOptions } from '../../facilities/api/list-facilities';
import { fetchRequirementOptions } from '../../requirements/api/list-requirements';
import { fetchAssigneeOptions } from '../api/assignee-options';
import { listTasks, useTasks } from '../api/list-tasks';
import { useFacilityOption, useRequirementOption, useUserOption } from './known-options';
import { AssignTasksModal, BulkCompleteModal } from './task-action-modals';
import { TaskTags } from './task-tags';
import './tasks.css';

export const TASK_FILTERS = [
  'facilityId',
  'requirementId',
  'category',
  'frequency',
  'status',
  'overdue',
  'dueSoon',
  'assigneeId',
  'dueFrom',
  'dueTo',
] as const;
type TaskFilter = (typeof TASK_FILTERS)[number];

/** The "timing" filter: one control for the list's `overdue` and `dueSoon` parameters. */
type Timing = 'overdue' | 'dueSoon' | 'notOverdue';

export interface TasksTableProps {
  /** Accessible name of the table. */
  label: string;
  /** Export file name (without date and extension). */
  fileName: string;
  /** Filters that define the table (a facility's or a requirement's tasks): applied, not shown. */
  fixed?: { facilityId?: string; requirementId?: string };
  /** URL parameter prefix when the page has another table. */
  prefix?: string;
  /** Row selection with bulk complete and assign (for the roles allowed). */
  selectable?: boolean;
  /** Shown when the list is empty without any filter. */
  empty?: ReactNode;
}

/**
 * Tasks, server-driven: filters of PRODUCT §6 in the URL, sorting, pagination, export; overdue and due
 * soon in words and colour; bulk complete and assign on the selected rows.
 */
export function TasksTable({ label, fileName, fixed = {}, prefix, selectable = true, empty }: TasksTableProps) {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const state = useTableUrlState<TaskFilter>({ filters: TASK_FILTERS, prefix, defaultSort: 'dueDate' });
  const query = useMemo(() => ({ ...state.query, ...fixed }), [state.query, fixed]);
  const result = useTasks(query);
  const [selected, setSelected] = useState<{ keys: Key[]; rows: Task[] }>({ keys: [], rows: [] });
  const [bulk, setBulk] = useState<'complete' | 'assign' | null>(null);
  const canComplete = can(me.role, 'task:complete');
  const canAssign = can(me.role, 'task:assign');
  const withSelection = selectable && (canComplete || canAssign);
  const facilityKnown = useFacilityOption(fixed.facilityId ? undefined : state.filters.facilityId);
  const requirementKnown = useRequirementOption(fixed.requirementId ? undefined : state.filters.requirementId);
  const assigneeKnown = useUserOption(state.filters.assigneeId);

  const timing: Timing | undefined =
    state.filters.overdue === 'true'
      ? 'overdue'
      : state.filters.dueSoon === 'true'
        ? 'dueSoon'
        : state.filters.overdue === 'false'
          ? 'notOverdue'
          : undefined;

  const columns = useMemo<ColumnsType<Task>>(() => {
    const list: ColumnsType<Task> = [
      {
        title: t('task.dueDate'),
        key: 'dueDate',
        sorter: true,
        render: (_, task) => (
          <Space orientation="vertical" size={0}>
            <span className="task-due">{format.date(task.dueDate)}</span>
            {task.dueDate !== task.scheduledDueDate ? (
              <Typography.Text type="secondary" className="task-cell-note">
                {t('task.scheduledWas', { date: format.date(task.scheduledDueDate) })}
              </Typography.Text>
            ) : null}
          </Space>
        ),
      },
      {
        title: t('task.title'),
        key: 'title',
        sorter: true,
        render: (_, task) => (
          <Space orientation="vertical" size={0}>
            <Link to={`/tasks/${task._id}`}>{task.title}</Link>
            <Typography.Text type="secondary" className="task-cell-note">
              {t('task.periodAndSequence', {
                period: task.periodLabel,
                sequence: format.number(taskNumberOf(task.sequence)),
              })}
            </Typography.Text>
          </Space>
        ),
      },
    ];
    if (!fixed.facilityId) {
      list.push({
        title: t('task.facility'),
        key: 'facility',
        sorter: true,
        render: (_, task) => <Link to={`/facilities/${task.facilityId}`}>{task.facilityName}</Link>,
      });
    }
    list.push(
      { title: t('requirement.category'), key: 'category', render: (_, task) => t(`category.${task.category}`) },
      { title: t('requirement.frequency'), key: 'frequency', render: (_, task) => t(`frequency.${task.frequency}`) },
      { title: t('data.status'), key: 'status', sorter: true, render: (_, task) => <TaskTags task={task} /> },
      {
        title: t('task.assignee'),
        key: 'assignee',
        render: (_, task) =>
          task.assigneeName ?? <Typography.Text type="secondary">{t('task.unassigned')}</Typography.Text>,
      },
      {
        title: t('task.completedOn'),
        key: 'completedAt',
        sorter: true,
        render: (_, task) =>
          task.completedOn ? (
            <Space orientation="vertical" size={0}>
              <span>{format.date(task.completedOn)}</span>
              {task.completedByName ? (
                <Typography.Text type="secondary" className="task-cell-note">
                  {task.completedByName}
                </Typography.Text>
              ) : null}
            </Space>
          ) : null,
      },
    );
    return list;
  }, [t, format, fixed.facilityId]);

  const exportColumns = useMemo<ExportColumn<Task>[]>(
    () => [
      { header: t('task.dueDate'), value: (task) => task.dueDate, width: 12 },
      { header: t('task.scheduledDueDate'), value: (task) => task.scheduledDueDate, width: 12 },
      { header: t('task.title'), value: (task) => task.title, width: 40 },
      { header: t('task.period'), value: (task) => task.periodLabel },
      { header: t('task.sequence'), value: (task) => taskNumberOf(task.sequence) },
      { header: t('task.facility'), value: (task) => task.facilityName, width: 28 },
      { header: t('task.requirement'), value: (task) => task.requirementTitle, width: 40 },
      { header: t('requirement.category'), value: (task) => t(`category.${task.category}`) },
      { header: t('requirement.frequency'), value: (task) => t(`frequency.${task.frequency}`) },
      { header: t('data.status'), value: (task) => t(`taskStatus.${task.status}`) },
      { header: t('task.state'), value: (task) => stateText(task, t) },
      { header: t('task.timeliness'), value: (task) => (task.timeliness ? t(`timeliness.${task.timeliness}`) : '') },
      { header: t('task.assignee'), value: (task) => task.assigneeName ?? '', width: 24 },
      { header: t('task.completedOn'), value: (task) => task.completedOn ?? '', width: 12 },
      { header: t('task.completedBy'), value: (task) => task.completedByName ?? '', width: 24 },
      { header: t('task.completionNote'), value: (task) => task.completionNote ?? '', width: 40 },
      { header: t('task.rescheduleReason'), value: (task) => task.rescheduleReason ?? '', width: 30 },
      { header: t('task.notApplicableReason'), value: (task) => task.notApplicableReason ?? '', width: 30 },
    ],
    [t],
  );

  const openSelected = selected.rows.filter((task) => task.status !== 'COMPLETED' && task.notApplicableReason === null);
  const clearSelection = () => setSelected({ keys: [], rows: [] });
  const count = format.number(selected.keys.length);

  const actions =
    withSelection && selected.keys.length > 0 ? (
      <Space wrap size={8} className="tasks-bulk" role="group" aria-label={t('tasks.bulkActions')}>
        <Typography.Text>{t('tasks.selected', { count })}</Typography.Text>
        {canComplete ? (
          <Button icon={<CheckOutlined />} onClick={() => setBulk('complete')}>
            {t('tasks.completeSelected', { count })}
          </Button>
        ) : null}
        {canAssign ? (
          <Button icon={<UserSwitchOutlined />} onClick={() => setBulk('assign')}>
            {t('tasks.assignSelected', { count })}
          </Button>
        ) : null}
        <Button type="link" onClick={clearSelection}>
          {t('tasks.clearSelection')}
        </Button>
      </Space>
    ) : null;

  return (
    <>
      <ServerTable<Task, TaskFilter>
        state={state}
        result={result}
        columns={columns}
        rowKey="_id"
        label={label}
        searchLabel={t('tasks.search')}
        rowSelection={
          withSelection
            ? {
                selectedRowKeys: selected.keys,
                preserveSelectedRowKeys: true,
                onChange: (keys, rows) => setSelected({ keys, rows: rows.filter(Boolean) }),
                getTitleCheckboxProps: () => ({ 'aria-label': t('tasks.selectPage') }),
                getCheckboxProps: (task) => ({
                  'aria-label': t('tasks.selectTask', { title: task.title, date: task.dueDate }),
                }),
              }
            : undefined
        }
        actions={actions}
        filters={
          <>
            {fixed.facilityId ? null : (
              <RemoteSelect
                allowClear
                className="data-toolbar__filter data-toolbar__filter--wide"
                label={t('task.facility')}
                queryKey={['facilities', 'options']}
                fetchOptions={fetchFacilityOptions}
                knownOptions={facilityKnown}
                value={state.filters.facilityId}
                onChange={(value) => state.setFilter('facilityId', (value as string | undefined) ?? undefined)}
              />
            )}
            {fixed.requirementId ? null : (
              <RemoteSelect
                allowClear
                className="data-toolbar__filter data-toolbar__filter--wide"
                label={t('task.requirement')}
                queryKey={['requirements', 'options']}
                fetchOptions={fetchRequirementOptions}
                knownOptions={requirementKnown}
                value={state.filters.requirementId}
                onChange={(value) => state.setFilter('requirementId', (value as string | undefined) ?? undefined)}
              />
            )}
            <FilterSelect
              label={t('requirement.category')}
              value={state.filters.category}
              onChange={(value) => state.setFilter('category', value)}
              options={TASK_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
            />
            <FilterSelect
              label={t('requirement.frequency')}
              value={state.filters.frequency}
              onChange={(value) => state.setFilter('frequency', value)}
              options={TASK_FREQUENCIES.map((value) => ({ value, label: t(`frequency.${value}`) }))}
            />
            <FilterSelect
              label={t('data.status')}
              value={state.filters.status}
              onChange={(value) => state.setFilter('status', value)}
              options={TASK_STATUSES.map((value) => ({ value, label: t(`taskStatus.${value}`) }))}
            />
            <FilterSelect
              label={t('tasks.timing')}
              value={timing}
              onChange={(value) =>
                state.setFilters({
                  overdue: value === 'overdue' ? 'true' : value === 'notOverdue' ? 'false' : undefined,
                  dueSoon: value === 'dueSoon' ? 'true' : undefined,
                })
              }
              options={[
                { value: 'overdue', label: t('taskState.overdue') },
                { value: 'dueSoon', label: t('tasks.dueSoonFilter') },
                { value: 'notOverdue', label: t('tasks.notOverdue') },
              ]}
            />
            <RemoteSelect
              allowClear
              className="data-toolbar__filter data-toolbar__filter--wide"
              label={t('task.assignee')}
              queryKey={['users', 'assignee-filter']}
              fetchOptions={async (search) => [
                { value: 'none', label: t('task.unassigned') },
                ...(await fetchAssigneeOptions(search)),
              ]}
              knownOptions={[{ value: 'none', label: t('task.unassigned') }, ...assigneeKnown]}
              value={state.filters.assigneeId}
              onChange={(value) => state.setFilter('assigneeId', (value as string | undefined) ?? undefined)}
            />
            <DatePicker.RangePicker
              aria-label={t('tasks.dueRange')}
              placeholder={[t('tasks.dueFrom'), t('tasks.dueTo')]}
              allowEmpty={[true, true]}
              value={
                state.filters.dueFrom || state.filters.dueTo
                  ? [
                      state.filters.dueFrom ? dayjs(state.filters.dueFrom) : null,
                      state.filters.dueTo ? dayjs(state.filters.dueTo) : null,
                    ]
                  : null
              }
              onChange={(dates) => {
                const [from, to] = dates ?? [null, null];
                state.setFilters({
                  dueFrom: from ? from.format('YYYY-MM-DD') : undefined,
                  dueTo: to ? to.format('YYYY-MM-DD') : undefined,
                });
              }}
            />
          </>
        }
        exportOptions={{
          fileName,
          sheetName: t('nav.tasksTracker'),
          columns: exportColumns,
          fetchPage: (page, pageSize, signal) => listTasks({ ...query, page, pageSize }, signal),
        }}
        empty={empty ?? <Empty description={t('tasks.empty')} />}
      />
      <BulkCompleteModal
        open={bulk === 'complete'}
        ids={openSelected.map((task) => task._id)}
        skipped={selected.keys.length - openSelected.length}
        onClose={() => setBulk(null)}
        onDone={clearSelection}
      />
      <AssignTasksModal
        open={bulk === 'assign'}
        ids={selected.keys.map(String)}
        onClose={() => setBulk(null)}
        onDone={clearSelection}
      />
    </>
  );
}

/** A task's state in words, for exports. */
function stateText(task: Task, t: ReturnType<typeof useT>): string {
  if (task.notApplicableReason !== null) return t('taskState.notApplicable');
  if (task.status === 'COMPLETED') return t('taskState.completed');
  if (task.overdue) return t('taskState.overdue');
  if (task.dueSoon) return t('taskState.dueSoon');
  return t('taskState.open');
}
