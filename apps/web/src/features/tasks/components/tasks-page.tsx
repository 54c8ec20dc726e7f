import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { TasksTable } from './tasks-table';

/**
 * /tasks, the Tasks Tracker: every task in the caller's scope. A bare address opens on the incomplete
 * tasks (the usual question); "Clear filters" shows every task, history included.
 */
export function TasksPage() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const bare = location.search === '';

  useEffect(() => {
    if (bare) void navigate({ search: '?status=INCOMPLETE' }, { replace: true });
    // Only on arrival: clearing the filters later keeps the empty query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <PageHeader title={t('nav.tasksTracker')} />
      <TasksTable label={t('nav.tasksTracker')} fileName="tasks" />
    </>
  );
}
