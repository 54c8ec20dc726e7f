// lint as: apps/server/src/features/widgets/widgets.routes.ts
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import type { Kysely } from 'kysely'; // breaks
import type { Database } from '../../db/schema'; // breaks
import { findWidgets } from './widgets.repository'; // breaks
import { findUsers } from '../users/users.repository'; // breaks
import type { WidgetRow } from './widgets.table'; // breaks
import type { WidgetsService } from './widgets.service';
import { AppError } from '../../platform/errors';

export const used = [findWidgets, findUsers, AppError];
export type Used = [Kysely<Database>, WidgetRow, WidgetsService];
