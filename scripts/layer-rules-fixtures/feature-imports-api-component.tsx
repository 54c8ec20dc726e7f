// lint as: apps/web/src/features/widgets/components/widget-page.tsx
// with file: apps/web/src/features/tasks/api/tasks-table.tsx
// with file: apps/web/src/features/tasks/api/list-tasks.ts
// with file: apps/web/src/features/facilities/api/index.tsx
// with file: apps/web/src/features/widgets/api/widget-card.tsx
// An import of another feature's api/ that lands on a .tsx (a component) is refused, however it is written; the
// test creates the files named above in the tree it lints against. Lines marked "breaks" must be reported.
import { TasksTable } from '../../tasks/api/tasks-table'; // breaks
import { TasksTable as Table } from '../../tasks/api/tasks-table.tsx'; // breaks
import { TasksTable as Again } from '../../../features/tasks/api/tasks-table'; // breaks
export { FacilityCard } from '../../facilities/api'; // breaks
import { useTasks } from '../../tasks/api/list-tasks';
import { WidgetCard } from '../api/widget-card';
import { WidgetRow } from './widget-row';

const lazyTable = () => import('../../tasks/api/tasks-table'); // breaks
const lazyList = () => import('../../tasks/api/list-tasks');

export const used = [TasksTable, Table, Again, useTasks, WidgetCard, WidgetRow, lazyTable, lazyList];
