// lint as: apps/web/src/features/widgets/components/widget-page.tsx
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import { TaskTags } from '../../tasks/components/task-tags'; // breaks
import '../../tasks/components/tasks.css'; // breaks
import { useFacilities } from '../../../features/facilities/hooks/use-facilities'; // breaks
import { useTasks } from '../../tasks/api/list-tasks';
import { facilityOptions } from '../../../features/facilities/api/list-facilities';
import { WidgetRow } from './widget-row';
import { useWidgets } from '../api/list-widgets';
import { PageHeader } from '../../../components/page-header';

export const used = [TaskTags, useFacilities, useTasks, facilityOptions, WidgetRow, useWidgets, PageHeader];
