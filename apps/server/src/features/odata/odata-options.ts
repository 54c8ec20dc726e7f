import type { EntitySet } from './entity-set';
import { badOption } from './odata-filter';

/**
 * The system query options of a collection request, checked: only those the feed supports, each well formed
 * and naming listed properties. Options that do not start with `$` are the client's own and are ignored, as
 * OData says; an unsupported `$` option is a 400 rather than silently ignored.
 */
export interface ODataOptions {
  /** Properties to answer, in the entity type's order (all when $select is absent or `*`). */
  select: string[] | undefined;
  filter: string | undefined;
  orderBy: { property: string; descending: boolean }[];
  top: number | undefined;
  skip: number;
  count: boolean;
  /** The key after which the next page starts (our own $skiptoken, from a nextLink). */
  after: string | undefined;
}

const SUPPORTED = new Set(['$select', '$filter', '$orderby', '$top', '$skip', '$count', '$skiptoken', '$format']);
/** The most rows one request may skip or ask for; beyond, a client pages with nextLink. */
const MAX_NUMBER = 100_000_000;
const KEY = /^[A-Za-z0-9_-]{1,64}$/;

function wholeNumber(name: string, value: string): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) > MAX_NUMBER) {
    throw badOption(`${name} must be a whole number from 0 to ${MAX_NUMBER}`);
  }
  return Number(value);
}

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badOption(`${name} may be given once`);
  return value;
}

function propertyName(set: EntitySet, name: string, option: string): string {
  if (!Object.hasOwn(set.properties, name)) {
    throw badOption(`${option}: ${name.slice(0, 60)} is not a property of ${set.entityType}`);
  }
  return name;
}

export function parseOptions(query: Record<string, unknown>, set: EntitySet): ODataOptions {
  for (const name of Object.keys(query)) {
    if (name.startsWith('$') && !SUPPORTED.has(name)) {
      throw badOption(`The query option ${name.slice(0, 40)} is not supported`);
    }
  }
  const format = single(query, '$format');
  if (format !== undefined && !['json', 'application/json'].includes(format.split(';')[0]!.trim())) {
    throw badOption('$format must be json');
  }

  const selectText = single(query, '$select')?.trim();
  const select =
    selectText === undefined || selectText === '*'
      ? undefined
      : selectText.split(',').map((name) => {
          if (!name.trim()) throw badOption('$select is a list of property names separated by commas');
          return propertyName(set, name.trim(), '$select');
        });

  const orderText = single(query, '$orderby');
  const orderBy = (orderText === undefined ? [] : orderText.split(',')).map((part) => {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)(?:\s+(asc|desc))?\s*$/.exec(part);
    if (!match) throw badOption('$orderby is a list of properties, each optionally followed by asc or desc');
    return { property: propertyName(set, match[1]!, '$orderby'), descending: match[2] === 'desc' };
  });
  if (orderBy.length > 5) throw badOption('$orderby may name at most 5 properties');

  const top = single(query, '$top');
  const skip = single(query, '$skip');
  const count = single(query, '$count');
  if (count !== undefined && count !== 'true' && count !== 'false') throw badOption('$count must be true or false');
  const after = single(query, '$skiptoken');
  if (after !== undefined && !KEY.test(after)) throw badOption('$skiptoken is not valid');

  return {
    select: select && Object.keys(set.properties).filter((name) => select.includes(name)),
    filter: single(query, '$filter'),
    orderBy,
    top: top === undefined ? undefined : wholeNumber('$top', top),
    skip: skip === undefined ? 0 : wholeNumber('$skip', skip),
    count: count === 'true',
    after,
  };
}
