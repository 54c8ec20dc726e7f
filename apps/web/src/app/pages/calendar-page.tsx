import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button, Flex, Grid, Modal, Segmented, Select, Space, Typography } from 'antd';
import { CalendarOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useIntl } from 'react-intl';
import { can } from '@rtms/shared/permissions';
import type { CalendarDay } from '@rtms/shared/schemas/calendar';
import type { Task } from '@rtms/shared/schemas/tasks';
import { TASK_STATES } from '@rtms/shared/task-state';
import { useCurrentUser } from '../../lib/auth/auth-context';
import { useT } from '../../lib/i18n/use-t';
import { PageHeader } from '../../components/page-header';
import { UrlRemoteFilter } from '../../components/data/url-filters';
import { UrlEnumFilter } from '../../components/data/enum-filter';
import { fetchProgramAreaOptions } from '../../features/program-areas/api/program-area-options';
import { useTasks } from '../../features/tasks/api/list-tasks';
import { useFacilityOption } from '../../features/tasks/api/known-options';
import { STATE_TAGS } from '../../components/task-tags';
import { useCalendarDays } from '../../features/calendar/api/calendar-days';
import { AgendaList } from '../../features/calendar/components/agenda-list';
import { rangeOf, step, today as todayOf, type CalendarView } from '../../features/calendar/components/calendar-range';
import { DayGrid } from '../../features/calendar/components/day-grid';
import { mayMoveTask } from '../../features/calendar/components/may-move-task';
import { useCalendarUrlState } from '../../features/calendar/components/use-calendar-url-state';
import '../../features/calendar/components/calendar.css';
import { ActionDeadlinesCard } from '../../features/findings/components/action-deadlines-card';
import { facilityOptions } from '../../features/facilities/api/list-facilities';
import { useAssigneeFilterOptions } from '../../features/tasks/api/assignee-filter-options';

// The dialogs (their forms, date picker and validation) download when first opened, not with the view.
const RescheduleTaskModal = lazy(() =>
  import('../../features/tasks/components/task-action-modals').then((m) => ({ default: m.RescheduleTaskModal })),
);
const SubscribeModal = lazy(() =>
  import('../../features/calendar/components/subscribe-modal').then((m) => ({ default: m.SubscribeModal })),
);

/** Tasks loaded for the chips of a month or week (the rest of a crowded period shows as "+N more"). */
const CHIP_PAGE_SIZE = 200;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * /calendar: the tasks' due dates by month (default), week or as a list (the default on a phone), each
 * coloured by its state; filters and place in the URL; today / previous / next by button and keyboard;
 * drag an open task to another day to reschedule it (with a reason); subscribe to iCalendar feeds.
 */
export function CalendarPage() {
  const t = useT();
  const intl = useIntl();
  const me = useCurrentUser();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const state = useCalendarUrlState(phone ? 'agenda' : 'month');
  const assigneeFilterOptions = useAssigneeFilterOptions(state.filters.assigneeId);
  const { view, date, states, filters } = state;
  const range = useMemo(() => rangeOf(view, date), [view, date]);
  const today = todayOf();
  const [moreOf, setMoreOf] = useState<string | null>(null);
  const [moving, setMoving] = useState<{ task: Task; date: string } | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const facilityKnown = useFacilityOption(filters.facilityId);
  const mayReschedule = can(me.role, 'task:assign');

  const listFilters = useMemo(() => ({ ...filters, state: states.join(',') || undefined }), [filters, states]);
  const days = useCalendarDays({ ...listFilters, from: range.from, to: range.to });
  const chips = useTasks(
    { ...listFilters, dueFrom: range.from, dueTo: range.to, sort: 'dueDate', pageSize: CHIP_PAGE_SIZE },
    { enabled: view !== 'agenda' },
  );
  const counts = useMemo(
    () => new Map<string, CalendarDay>((days.data?.data ?? []).map((day) => [day.date, day])),
    [days.data],
  );
  const tasksByDay = useMemo(() => {
    const map = new Map<string, Task[]>();
    for (const task of chips.data?.data ?? []) {
      const list = map.get(task.dueDate);
      if (list) list.push(task);
      else map.set(task.dueDate, [task]);
    }
    return map;
  }, [chips.data]);

  const go = (direction: 1 | -1) => state.setDate(step(view, date, direction));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      // Not while one of the page's dialogs is open, nor from inside any other dialog or drawer.
      if (moreOf || moving || subscribing) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      if (event.key === 't' || event.key === 'T') state.setDate(todayOf());
      else if (event.key === 'PageUp') go(-1);
      else if (event.key === 'PageDown') go(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const title =
    view === 'week'
      ? `${intl.formatDate(`${range.from}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })} – ${intl.formatDate(
          `${range.to}T00:00:00Z`,
          { dateStyle: 'medium', timeZone: 'UTC' },
        )}`
      : intl.formatDate(`${range.month}-01T00:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  const totalInPeriod = (days.data?.data ?? []).reduce((sum, day) => sum + day.total, 0);

  return (
    <>
      <PageHeader
        title={t('nav.calendar')}
        actions={
          <Button icon={<CalendarOutlined aria-hidden />} onClick={() => setSubscribing(true)}>
            {t('calendar.subscribe')}
          </Button>
        }
      />
      <Flex className="calendar-toolbar" wrap gap={8} align="center" justify="space-between">
        <Space wrap size={8}>
          <Button onClick={() => state.setDate(todayOf())} aria-keyshortcuts="T">
            {t('calendar.today')}
          </Button>
          <Space.Compact>
            <Button
              icon={rtl ? <RightOutlined aria-hidden /> : <LeftOutlined aria-hidden />}
              aria-label={t('calendar.previous')}
              title={t('calendar.previous')}
              aria-keyshortcuts="PageUp"
              onClick={() => go(-1)}
            />
            <Button
              icon={rtl ? <LeftOutlined aria-hidden /> : <RightOutlined aria-hidden />}
              aria-label={t('calendar.next')}
              title={t('calendar.next')}
              aria-keyshortcuts="PageDown"
              onClick={() => go(1)}
            />
          </Space.Compact>
          <Typography.Title level={2} className="calendar-toolbar__title" aria-live="polite">
            {title}
          </Typography.Title>
        </Space>
        <Segmented<CalendarView>
          aria-label={t('calendar.view')}
          value={view}
          onChange={(value) => state.setView(value)}
          options={[
            { value: 'month', label: t('calendar.view.month') },
            { value: 'week', label: t('calendar.view.week') },
            { value: 'agenda', label: t('calendar.view.agenda') },
          ]}
        />
      </Flex>
      <Flex className="calendar-filters data-toolbar" wrap gap={8}>
        <UrlRemoteFilter
          {...facilityOptions}
          state={state}
          name="facilityId"
          label={t('task.facility')}
          knownOptions={facilityKnown}
        />
        <UrlEnumFilter state={state} name="category" of="taskCategory" />
        <UrlRemoteFilter
          state={state}
          name="programAreaId"
          label={t('calendar.programArea')}
          queryKey={['program-areas', 'options']}
          fetchOptions={(search) => fetchProgramAreaOptions(search, t('data.inactive'))}
        />
        <UrlRemoteFilter {...assigneeFilterOptions} state={state} name="assigneeId" />
        <Select
          mode="multiple"
          allowClear
          className="data-toolbar__filter calendar-filters__state"
          aria-label={t('calendar.state')}
          placeholder={t('calendar.state')}
          value={states}
          onChange={(value) => state.setStates(value)}
          options={TASK_STATES.map((value) => ({ value, label: t(STATE_TAGS[value].label) }))}
          maxTagCount="responsive"
        />
      </Flex>
      <Typography.Paragraph type="secondary" className="calendar-hint">
        {t('calendar.keyboardHint')}
        {mayReschedule && view !== 'agenda' ? ` ${t('calendar.dragHint')}` : ''}
      </Typography.Paragraph>
      {view === 'agenda' ? (
        <AgendaList query={{ ...listFilters, dueFrom: range.from, dueTo: range.to }} ariaLabel={title} />
      ) : (
        <>
          <DayGrid
            ariaLabel={title}
            days={range.days}
            month={view === 'month' ? range.month : undefined}
            today={today}
            counts={counts}
            tasksByDay={tasksByDay}
            perDay={view === 'month' ? 3 : 12}
            canMove={(task) => mayMoveTask(me.role, task)}
            onMove={(task, to) => setMoving({ task, date: to })}
            onMore={setMoreOf}
          />
          {days.isSuccess && totalInPeriod === 0 ? (
            <Typography.Paragraph type="secondary" className="calendar-empty">
              {t('calendar.empty')}
            </Typography.Paragraph>
          ) : null}
        </>
      )}
      <ActionDeadlinesCard from={range.from} to={range.to} facilityId={filters.facilityId} />
      <Modal
        open={moreOf !== null}
        title={
          moreOf
            ? t('calendar.dayTitle', {
                date: intl.formatDate(`${moreOf}T00:00:00Z`, { dateStyle: 'full', timeZone: 'UTC' }),
              })
            : ''
        }
        footer={null}
        onCancel={() => setMoreOf(null)}
        destroyOnHidden
        width={640}
      >
        {moreOf ? <AgendaList query={{ ...listFilters, dueFrom: moreOf, dueTo: moreOf }} ariaLabel={moreOf} /> : null}
      </Modal>
      <Suspense fallback={null}>
        {moving ? (
          <RescheduleTaskModal open task={moving.task} dueDate={moving.date} onClose={() => setMoving(null)} />
        ) : null}
        {subscribing ? <SubscribeModal open onClose={() => setSubscribing(false)} /> : null}
      </Suspense>
    </>
  );
}
