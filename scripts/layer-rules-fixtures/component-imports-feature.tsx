// lint as: apps/web/src/components/data/widget-cell.tsx
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import { useTasks } from '../../features/tasks/api/list-tasks'; // breaks
import { TaskTags } from '../../features/tasks/components/task-tags'; // breaks
import { useT } from '../../lib/i18n/use-t';
import { PageHeader } from '../page-header';

export const used = [useTasks, TaskTags, useT, PageHeader];
