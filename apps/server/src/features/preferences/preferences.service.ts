import type { Kysely } from 'kysely';
import { DEFAULT_PREFERENCES, preferencesSchema, type Preferences } from '@rtms/shared/schemas/preferences';
import type { Database } from '../../db/schema';
import { nowIso } from '../../platform/ids';
import { userRows } from '../users/users.repository';

export interface PreferencesService {
  get(userId: string): Promise<Preferences>;
  replace(userId: string, preferences: Preferences): Promise<Preferences>;
}

export function createPreferencesService(db: Kysely<Database>): PreferencesService {
  return {
    async get(userId) {
      const user = await userRows.findById(db, userId);
      if (!user?.preferences) return DEFAULT_PREFERENCES;
      // Stored settings from an older version may lack a field: fall back to the defaults rather than fail.
      const parsed = preferencesSchema.safeParse(JSON.parse(user.preferences));
      return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
    },
    async replace(userId, preferences) {
      await userRows.update(db, userId, { preferences: JSON.stringify(preferences), updatedAt: nowIso() });
      return preferences;
    },
  };
}
