import { beforeAll } from 'vitest';
import { apiToken, DEFAULTS, storeServerPreferences } from './interface-settings';

/**
 * Every spec file starts with the administrator's interface settings at their defaults (English, left to right).
 * The settings are kept on the server per user, and the specs share the administrator: a spec that leaves them
 * in Arabic (its last screen tested right to left) made the next one that signs in through the form find its
 * English buttons missing, depending on the order the files ran in.
 */
beforeAll(async () => {
  await storeServerPreferences(await apiToken(), DEFAULTS);
});
