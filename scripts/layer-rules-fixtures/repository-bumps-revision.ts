// lint as: apps/server/src/features/widgets/widgets.repository.ts
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import type { Db } from '../../db/schema';

export async function renameWidget(db: Db, id: string): Promise<void> {
  await db.updateTable('widgets').set({ name: 'x' }).where('id', '=', id).execute();
  await db.updateTable('tasks_revision').set({ revision: 2 }).execute(); // breaks
  await db.updateTable('task_facility_revisions').set({ revision: 2 }).execute(); // breaks
  await db.transaction().execute(async () => undefined); // breaks
}
