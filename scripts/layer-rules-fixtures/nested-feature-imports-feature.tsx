// lint as: apps/web/src/features/widgets/components/form/widget-form.tsx
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import { TasksTable } from '../../../tasks/components/tasks-table'; // breaks
import { useTasks } from '../../../tasks/api/list-tasks';
import { WidgetRow } from '../widget-row';
import { useT } from '../../../../lib/i18n/use-t';

export const used = [TasksTable, useTasks, WidgetRow, useT];
