// lint as: apps/server/src/features/widgets/widgets.repository.ts
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { heavyReads } from '../../db/off-thread-reads';

export async function* allWidgets(db: Kysely<Database>) {
  yield* db.selectFrom('widgets').selectAll().stream(); // breaks
}

export function everyWidget(statement: { iterate(): Iterable<unknown> }) {
  return [...statement.iterate()]; // breaks
}

export function widgetsOffThread(db: Kysely<Database>) {
  return heavyReads(db).selectFrom('widgets').selectAll().execute();
}
