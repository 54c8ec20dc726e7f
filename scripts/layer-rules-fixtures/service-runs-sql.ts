// lint as: apps/server/src/features/widgets/widgets.service.ts
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import { sql } from 'kysely'; // breaks
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import { findWidgets } from './widgets.repository';
import { findUserById } from '../users/users.repository';

export function createWidgetsService(db: Kysely<Database>) {
  return {
    list: () => db.selectFrom('widgets').selectAll().execute(), // breaks
    rename: (trx: Transaction<Database>) => trx.updateTable('widgets').set({ name: 'x' }).execute(), // breaks
    add: () => db.insertInto('widgets').values({ id: 'w' }).execute(), // breaks
    remove: () => db.deleteFrom('widgets').execute(), // breaks
    ping: () => sql`select 1`.execute(db), // breaks
    inTransaction: () => db.transaction().execute((trx) => findWidgets(trx)), // breaks
    inUnitOfWork: () => unitOfWork(db, (trx) => findWidgets(trx)),
    owner: (id: string) => findUserById(db, id),
  };
}
