import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Button, Empty, Select, Space, Typography } from 'antd';
import { CheckOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { can } from '@rtms/shared/permissions';
import type { Task } from '@rtms/shared/schemas/tasks';
import { taskNumberOf } from '@rtms/shared/task-number';
import { TASK_STATES, type TaskState } from '@rtms/shared/task-state';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import type { MessageKey } from '../../../lib/i18n/messages/en';
import { UrlEnumFilter } from '../../../components/data/enum-filter';
import { UrlRemoteFilter, UrlDateRangeFilter } from '../../../components/data/url-filters';
import type { ChoosableColumns } from '../../../components/data/column-choice';
import { ServerTable } from '../../../components/data/server-table';
import { useFormatters } from '../../../components/data/use-formatters';
import { useTableUrlState } from '../../../components/data/use-table-url-state';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { listTasks, useTasks, type TasksQuery } from '../api/list-tasks';
import { useFacilityOption, useRequirementOption } from '../api/known-options';
import { AssignTasksModal } from './task-action-modals';
import { BulkCompleteModal } from './task-completion-modals';
import { TaskCard, TaskDueCell, TaskStateCell, TaskTitleCell, Truncated } from './task-cells';
import { DEFAULT_STATES, stateParamOf, statesOf, taskApiQuery } from './task-list-query';
import './tasks.css';
import { column, sortedColumn } from '../../../components/data/common-columns';
import { facilityOptions } from '../../facilities/api/list-facilities';
import { requirementOptions } from '../../requirements/api/list-requirements';
import { useAssigneeFilterOptions } from '../api/assignee-filter-options';

export const TASK_FILTERS = [
  'facilityId',
  'requirementId',
  'category',
  'frequency',
  'status',
  'state',
  'timeliness',
  'assigneeId',
  'dueFrom',
  'dueTo',
  'completedFrom',
  'completedTo',
  // Kept from the reports' links (no control of their own): the list they count.
  'programAreaId',
  'regulationId',
  'overdueOn',
] as const;
type TaskFilter = (typeof TASK_FILTERS)[number];
/** The date-range filters `<range>From`–`<range>To`, labelled `tasks.<range>Range`, `tasks.<range>From`, `tasks.<range>To`. */
const DATE_RANGES = ['due', 'completed'] as const;

/** The reviews screen's list: completions awaiting a reviewer. */
const TO_REVIEW: readonly TaskState[] = ['PENDING_REVIEW'];

const STATE_LABELS: Record<TaskState, MessageKey> = {
  UPCOMING: 'taskState.upcoming',
  OPEN: 'taskState.open',
  DUE_SOON: 'taskState.dueSoon',
  OVERDUE: 'taskState.overdue',
  PENDING_REVIEW: 'review.state',
  COMPLETED: 'taskState.completed',
  NOT_APPLICABLE: 'taskState.notApplicable',
};

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
  /**
   * The list of an address without a state: open work (the Tracker, a facility's tab) or every task
   * (a requirement's page, where the list is the series' history).
   */
  defaultView?: 'openWork' | 'everything' | 'toReview';
}

/**
 * Tasks, server-driven: the list's filters in the URL (the address alone decides the list: without a
 * state it is open work, task-list-query.ts), sorted by due date; the state in words and colour; bulk
 * complete and assign on the selected rows. Five columns (due date pinned, task, facility, state,
 * assignee) fit 1,366 px; category, frequency and completion go in the cells as notes; on a phone each
 * task is a card.
 */
export function TasksTable({
  label,
  fileName,
  fixed = {},
  prefix,
  selectable = true,
  empty,
  defaultView = 'openWork',
}: TasksTableProps) {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const state = useTableUrlState<TasksQuery>({ filters: TASK_FILTERS, prefix, defaultSort: 'dueDate' });
  const assigneeFilterOptions = useAssigneeFilterOptions(state.filters.assigneeId);
  const fallback = defaultView === 'openWork' ? DEFAULT_STATES : defaultView === 'toReview' ? TO_REVIEW : null;
  const query = useMemo(() => taskApiQuery({ ...state.query, ...fixed }, fallback), [state.query, fixed, fallback]);
  const selectedStates = statesOf(state.filters, fallback) ?? [];
  const result = useTasks(query);
  const [selected, setSelected] = useState<{ keys: Key[]; rows: Task[] }>({ keys: [], rows: [] });
  const [bulk, setBulk] = useState<'complete' | 'assign' | null>(null);
  const canComplete = can(me.role, 'task:complete');
  const canAssign = can(me.role, 'task:assign');
  const withSelection = selectable && (canComplete || canAssign);
  const facilityKnown = useFacilityOption(fixed.facilityId ? undefined : state.filters.facilityId);
  const requirementKnown = useRequirementOption(fixed.requirementId ? undefined : state.filters.requirementId);

  const columns = useMemo<ChoosableColumns<Task>>(() => {
    const list: ChoosableColumns<Task> = [
      sortedColumn(t('task.dueDate'), 'dueDate', (task) => <TaskDueCell task={task} />, { fixed: 'left' }),
      sortedColumn(t('task.title'), 'title', (task) => <TaskTitleCell task={task} />),
    ];
    if (!fixed.facilityId) {
      list.push({
        title: t('task.facility'),
        key: 'facility',
        sorter: true,
        optional: true,
        render: (_, task) => (
          <Link to={`/facilities/${task.facilityId}`}>
            <Truncated text={task.facilityName} className="task-column--facility" />
          </Link>
        ),
      });
    }
    list.push(
      sortedColumn(t('tasks.stateFilter'), 'status', (task) => <TaskStateCell task={task} />),
      column(
        t('task.assignee'),
        'assignee',
        (task) =>
          task.assigneeName ? (
            <Truncated text={task.assigneeName} className="task-column--assignee" />
          ) : (
            <Typography.Text type="secondary">{t('task.unassigned')}</Typography.Text>
          ),
        { optional: true },
      ),
    );
    // Out of the table until the user shows them: each row's detail lists them.
    if (!fixed.requirementId) {
      list.push({
        title: t('task.requirement'),
        key: 'requirement',
        optional: true,
        defaultHidden: true,
        render: (_, task) => <Link to={`/requirements/${task.requirementId}`}>{task.requirementTitle}</Link>,
      });
    }
    list.push({
      title: t('task.completedBy'),
      key: 'completedBy',
      optional: true,
      defaultHidden: true,
      render: (_, task) => task.completedByName ?? '—',
    });
    return list;
  }, [t, fixed.facilityId, fixed.requirementId]);

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
      { header: t('task.state'), value: (task) => t(STATE_LABELS[task.state]) },
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

  const selectionBar =
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
        columnChoice={{ id: 'tasks', userId: me._id }}
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
        selectionBar={selectionBar}
        renderCard={(task) => <TaskCard task={task} showFacility={!fixed.facilityId} />}
        filters={
          <>
            {fixed.facilityId ? null : (
              <UrlRemoteFilter
                {...facilityOptions}
                state={state}
                name="facilityId"
                label={t('task.facility')}
                knownOptions={facilityKnown}
              />
            )}
            {fixed.requirementId ? null : (
              <UrlRemoteFilter
                {...requirementOptions}
                state={state}
                name="requirementId"
                label={t('task.requirement')}
                knownOptions={requirementKnown}
              />
            )}
            <UrlEnumFilter state={state} name="category" of="taskCategory" />
            <UrlEnumFilter state={state} name="frequency" of="taskFrequency" />
            <UrlEnumFilter state={state} name="status" of="taskStatus" />
            <Select<string[]>
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              aria-label={t('tasks.stateFilter')}
              placeholder={t('tasks.anyState')}
              className="data-toolbar__filter data-toolbar__filter--wide"
              popupMatchSelectWidth={false}
              value={[...selectedStates]}
              onChange={(states) => state.setFilter('state', stateParamOf(states, fallback) || undefined)}
              options={TASK_STATES.map((value) => ({ value, label: t(STATE_LABELS[value]) }))}
            />
            <UrlEnumFilter state={state} name="timeliness" of="timeliness" />
            <UrlRemoteFilter {...assigneeFilterOptions} state={state} name="assigneeId" />
            {DATE_RANGES.map((range) => (
              <UrlDateRangeFilter
                key={range}
                state={state}
                from={`${range}From`}
                to={`${range}To`}
                label={t(`tasks.${range}Range`)}
                placeholder={[t(`tasks.${range}From`), t(`tasks.${range}To`)]}
              />
            ))}
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
        facilityIds={selected.rows.map((task) => task.facilityId)}
        onClose={() => setBulk(null)}
        onDone={clearSelection}
      />
    </>
  );
}
