/**
 * The response schemas of the session's calls (sign-in, second factor, single sign-on, current user, sign-out),
 * loaded when one of them is made: these modules are in the first page's script, which does not carry the schema
 * library (decision 032). The import starts with the request, so the answer rarely waits for it.
 */
export const auth = () => import('@rtms/shared/schemas/auth');

/** The answer of the time zone sent after sign-in (browser-time-zone.ts), loaded the same way. */
export const notifications = () => import('@rtms/shared/schemas/notifications');
