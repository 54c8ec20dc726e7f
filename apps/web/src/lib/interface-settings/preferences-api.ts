import type { Preferences } from '@rtms/shared/interface-settings';
import { apiRequest } from '../api-client';

/** The answer of both calls, loaded with the first (the schema library stays out of the first page's script). */
const answer = () => import('@rtms/shared/schemas/preferences').then((schemas) => schemas.preferencesResponseSchema);

/** GET /api/users/me/preferences: the signed-in user's interface settings (the defaults until first saved). */
export async function fetchPreferences(signal?: AbortSignal): Promise<Preferences> {
  const response = await apiRequest('GET', '/users/me/preferences', answer, { signal });
  return response.data;
}

/** PUT /api/users/me/preferences. `keepalive` lets the last change leave while the page unloads. */
export async function savePreferences(preferences: Preferences, options: { keepalive?: boolean } = {}): Promise<void> {
  await apiRequest('PUT', '/users/me/preferences', answer, { body: preferences, keepalive: options.keepalive });
}
