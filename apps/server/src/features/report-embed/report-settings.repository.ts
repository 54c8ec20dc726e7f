import type { Db } from '../../db/schema';

export async function findReportSetting(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('report_settings').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

export async function upsertReportSetting(db: Db, name: string, value: string, at: string): Promise<void> {
  await db
    .insertInto('report_settings')
    .values({ name, value, updatedAt: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updatedAt: at }))
    .execute();
}
