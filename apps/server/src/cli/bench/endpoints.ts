import { BROWSER_ACCEPT_ENCODING } from './http-results';

/** The reads the full run measures, named as its table names them; the paired comparison measures the same. */

export interface Endpoint {
  name: string;
  /** The path under the app's origin. */
  path: string;
  /** Headers beside the bearer token. */
  headers?: Record<string, string>;
}

/** The deep page of the Tasks Tracker (of 20 rows). */
export const DEEP_PAGE = 1000;

/** The Tasks Tracker's pages: the first (as autocannon and as a browser asks), a facility's overdue, a search, a deep page. */
export function taskEndpoints(facilityId: string) {
  return {
    first: { name: 'GET /api/tasks (first page)', path: '/api/tasks' },
    // The same page as a browser asks for it: every browser accepts brotli and gzip (autocannon asks for neither).
    firstAsBrowser: {
      name: 'GET /api/tasks (first page, br)',
      path: '/api/tasks',
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    },
    filtered: { name: 'GET /api/tasks facility+overdue', path: `/api/tasks?facilityId=${facilityId}&overdue=true` },
    // A search that matches about 180,000 tasks (the monthly requirements): its total is cached (decision 026).
    search: { name: 'GET /api/tasks?search=monthly', path: '/api/tasks?search=monthly' },
    deep: { name: `GET /api/tasks?page=${DEEP_PAGE}`, path: `/api/tasks?page=${DEEP_PAGE}` },
  } satisfies Record<string, Endpoint>;
}

/** The calendar's day counts of one month. */
export function calendarEndpoint(month: { from: string; to: string }): Endpoint {
  return { name: 'GET /api/calendar/days (a month)', path: `/api/calendar/days?from=${month.from}&to=${month.to}` };
}

/**
 * The list screens other than the Tasks Tracker: requirements sorted by title with their facility counts,
 * facilities, 50,000 documents and 500,000 audit events, each a first page, a deep page and, for the audit
 * trail, a facility's events.
 */
export function listEndpoints(facilityId: string): Endpoint[] {
  return [
    ['GET /api/requirements (by title)', '/api/requirements'],
    ['GET /api/requirements?page=40', '/api/requirements?page=40'],
    ['GET /api/requirements -title', '/api/requirements?sort=-title&page=20'],
    ['GET /api/facilities', '/api/facilities'],
    ['GET /api/documents', '/api/documents'],
    ['GET /api/documents?page=2000', '/api/documents?page=2000'],
    ['GET /api/audit', '/api/audit'],
    ['GET /api/audit?page=20000', '/api/audit?page=20000'],
    ['GET /api/audit a facility', `/api/audit?facilityId=${facilityId}`],
  ].map(([name, path]) => ({ name: name!, path: path! }));
}
