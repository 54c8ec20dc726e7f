// lint as: apps/server/src/features/widgets/widgets.service.ts
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertRow, selectRowById } from '../../db/rows'; // breaks
import { countRows } from '../../db/count-rows'; // breaks
import { sql } from '../../db/sql-reexport'; // breaks
import { unitOfWork } from '../../db/unit-of-work';

export function createWidgetsService(db: Kysely<Database>, raw: { sql: typeof sql }) {
  return {
    add: () => unitOfWork(db, (trx) => insertRow(trx, 'widgets', { id: 'w' })),
    read: (id: string) => selectRowById(db, 'widgets', id),
    count: () => countRows(db, 'widgets'),
    raw: () => sql.raw('select 1').execute(db), // breaks
    viaObject: () => raw.sql,
  };
}
