import type { Preferences } from '@rtms/shared/interface-settings';
import { apiRequest } from '../api-client';

/** GET /api/users/me/preferences: the signed-in user's interface settings (the defaults until first saved). */
export async function fetchPreferences(signal?: AbortSignal): Promise<Preferences> {
  const response = await apiRequest<{ data: Preferences }>('GET', '/users/me/preferences', { signal });
  return response.data;
}

/** PUT /api/users/me/preferences. `keepalive` lets the last change leave while the page unloads. */
export async function savePreferences(preferences: Preferences, options: { keepalive?: boolean } = {}): Promise<void> {
  await apiRequest('PUT', '/users/me/preferences', { body: preferences, keepalive: options.keepalive });
}
