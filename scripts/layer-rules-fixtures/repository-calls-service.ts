// lint as: apps/server/src/features/widgets/widgets.repository.ts
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { WidgetsService } from './widgets.service'; // breaks
import { bumpTasksRevision } from '../tasks/tasks.repository';

export const findWidgets = (db: Kysely<Database>) => db.selectFrom('widgets').selectAll().execute();
export const used = [bumpTasksRevision];
export type Used = WidgetsService;
