import { sql, type Kysely, type Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * When a user's notification time zone was set, by them or from their browser at sign-in; null: the
 * row holds the default of their first facility (a digest sent before any choice writes the row), which the
 * browser's zone may still replace. Rows written before this were saved through the settings or may have been:
 * they count as set, so that nothing a user chose is ever replaced.
 */
export const migration0186TimeZoneSetAt: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('notification_preferences').addColumn('time_zone_set_at', 'text').execute();
    await sql`update notification_preferences set time_zone_set_at = updated_at`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await m.dropColumns(db, 'notification_preferences', ['time_zone_set_at']);
  },
};
