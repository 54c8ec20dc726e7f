import type { Kysely } from 'kysely';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { TodayGroup } from '../tasks/task-filters.repository';
import { findFacilityZones } from '../tasks/task-lookups.repository';
import { facilityScopeOf } from '../user-facilities/facility-scope';
import { hasComputed, type EntitySet, type ODataProperty } from './entity-set';
import { filterCondition, badOption } from './odata-filter';
import { parseOptions } from './odata-options';
import { countMatching, readPage, type ReadLimits } from './odata.repository';

/** Rows per page: a BI refresh follows @odata.nextLink until there is none. */
export const ODATA_PAGE_SIZE = 1000;

export interface ODataCollection {
  '@odata.context': string;
  '@odata.count'?: number;
  value: Record<string, unknown>[];
  '@odata.nextLink'?: string;
}

export interface ODataService {
  /**
   * One page of an entity set as the owner may see it now (their current role and facilities), with the
   * request's options applied. `base` is the feed's address (…/odata).
   */
  collection(
    owner: { id: string; role: Parameters<typeof facilityScopeOf>[1]['role'] },
    set: EntitySet,
    query: Record<string, unknown>,
    base: string,
  ): Promise<ODataCollection>;
}

function outputOf(property: ODataProperty, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (property.type === 'Edm.Boolean') return Boolean(Number(value));
  if (property.type === 'Edm.Int32' || property.type === 'Edm.Double') return Number(value);
  return value;
}

export function createODataService(db: Kysely<Database>, dialect: Dialect, clock: Clock): ODataService {
  /** The caller's facilities grouped by their today (the Tracker's rule): one group without ids when all share it. */
  async function todaysOf(facilityIds: string[] | undefined): Promise<TodayGroup[]> {
    const now = clock();
    const groups = new Map<string, string[]>();
    for (const { id, timeZone } of await findFacilityZones(db, facilityIds)) {
      const day = todayInTimeZone(timeZone, now);
      groups.set(day, [...(groups.get(day) ?? []), id]);
    }
    if (groups.size <= 1) return [...groups.keys()].map((today) => ({ today, facilityIds: null }));
    return [...groups].map(([today, ids]) => ({ today, facilityIds: ids.sort() }));
  }

  return {
    async collection(owner, set, query, base) {
      const options = parseOptions(query, set);
      if (options.after && options.orderBy.length) throw badOption('$skiptoken cannot be combined with $orderby');
      const scope = await facilityScopeOf(db, owner);
      const facilityIds = scope.all ? undefined : scope.facilityIds;
      const limits: ReadLimits = {
        facilityIds,
        filter: options.filter === undefined ? undefined : filterCondition(options.filter, set),
        todays: hasComputed(set) ? await todaysOf(facilityIds) : [],
      };

      const properties = options.select ?? Object.keys(set.properties);
      const wanted = options.top === undefined ? ODATA_PAGE_SIZE : Math.min(options.top, ODATA_PAGE_SIZE);
      // One row more than the page tells whether another page follows.
      const rows =
        wanted === 0
          ? []
          : await readPage(db, dialect, set, {
              ...limits,
              orderBy: options.orderBy,
              after: options.after,
              skip: options.skip,
              limit: wanted + 1,
              properties,
            });
      const page = rows.slice(0, wanted);
      const more = rows.length > wanted && (options.top === undefined || options.top > page.length);

      const selectPart = options.select ? `(${options.select.join(',')})` : '';
      const answer: ODataCollection = {
        '@odata.context': `${base}/$metadata#${set.name}${selectPart}`,
        // Counted only when asked: a page never costs a count of the whole set.
        ...(options.count ? { '@odata.count': await countMatching(db, dialect, set, limits) } : {}),
        value: page.map((row) =>
          Object.fromEntries(properties.map((name) => [name, outputOf(set.properties[name]!, row[name])])),
        ),
      };
      if (more) answer['@odata.nextLink'] = nextLink(base, set, query, options, page);
      return answer;
    },
  };
}

/**
 * The next page's address: the same options, with $top lowered by the rows sent. Without $orderby the next page
 * starts after the last key ($skiptoken, keyset: an index seek however deep); with $orderby it skips the rows
 * sent so far.
 */
function nextLink(
  base: string,
  set: EntitySet,
  query: Record<string, unknown>,
  options: ReturnType<typeof parseOptions>,
  page: Record<string, unknown>[],
): string {
  const params = new URLSearchParams();
  for (const name of ['$select', '$filter', '$orderby', '$count', '$format']) {
    const value = query[name];
    if (typeof value === 'string') params.set(name, value);
  }
  if (options.top !== undefined) params.set('$top', String(options.top - page.length));
  if (options.orderBy.length) {
    params.set('$skip', String(options.skip + page.length));
  } else {
    params.set('$skiptoken', String(page.at(-1)!['id']));
  }
  return `${base}/${set.name}?${params.toString().replaceAll('+', '%20')}`;
}
