import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { TasksTable } from './tasks-table';

/**
 * /tasks, the Tasks Tracker: the tasks in the caller's scope. The address alone decides the list: a
 * bare address is open work (task-list-query.ts), sorted by due date; nothing is rewritten on arrival,
 * so a reload or a shared link shows the same list and the same filters.
 */
export function TasksPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('nav.tasksTracker')} />
      <TasksTable label={t('nav.tasksTracker')} fileName="tasks" />
    </>
  );
}
