import { z } from 'zod';
import { isCalendarDate } from '../calendar-date';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';

/** Text id of any entity, exposed as `_id`. */
export const idSchema = z.string().min(1).max(64);

/** An email address, normalised to lower case. The message is the original application’s sign-in message. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .email({ message: 'The input is not valid E-mail!' })
  .transform((value) => value.toLowerCase());

/** ISO-8601 UTC instant as the API sends it. */
export const instantSchema = z.string();

/** A calendar date `YYYY-MM-DD` naming a real day. */
export const calendarDateSchema = z
  .string({ message: 'Use a date in the form YYYY-MM-DD' })
  .trim()
  .refine(isCalendarDate, 'Use a real date in the form YYYY-MM-DD');

/**
 * A stored record as the API sends it: its `_id`, its own fields (in order), then when it was created and
 * last changed.
 */
export function recordSchema<S extends z.ZodRawShape>(fields: S) {
  return z.object({ _id: idSchema, ...fields, createdAt: instantSchema, updatedAt: instantSchema });
}

/** Optional text of a form: trimmed; empty means none (null). `label` names the field in the length message. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters long`)
    .transform((value) => value || null)
    .nullable()
    .optional();

/** An optional value of a form that may also come as '' (an emptied field): '' and null both mean none (null). */
export const optionalOrEmpty = <T extends z.ZodTypeAny>(value: T) =>
  z
    .union([z.literal(''), value])
    .transform((given) => given || null)
    .nullable()
    .optional();

/**
 * Required text of a form: trimmed and not empty (`missing` is the message for both), at most `max`
 * characters (`label` names the field in the length message).
 */
export const requiredText = (max: number, missing: string, label: string) =>
  z.string({ message: missing }).trim().min(1, missing).max(max, `${label} must be at most ${max} characters long`);

/**
 * A whole number from `min` to `max`, each with its message (`notWhole` also answers a value that is not a
 * number at all).
 */
export const wholeNumber = (notWhole: string, [min, belowMin]: [number, string], [max, aboveMax]: [number, string]) =>
  z.number({ message: notWhole }).int(notWhole).min(min, belowMin).max(max, aboveMax);

/** A whole number from `min` to `max`, with one message for every way to miss it. */
export const wholeNumberFrom = (min: number, max: number, message: string) =>
  wholeNumber(message, [min, message], [max, message]);

/** A yes/no query parameter: `true` or `false` in the address, a boolean to the server. */
export const booleanQuery = z
  .enum(['true', 'false'], { message: 'Use true or false' })
  .transform((value) => value === 'true');

/**
 * The query of a list or lookup endpoint. Strict: an unknown parameter (a misspelt or renamed filter) is a 400
 * that names it, never silently dropped, which would answer an unfiltered list. The server refuses to start
 * with a route whose querystring is not strict (apps/server/src/platform/strict-query.ts), so build every
 * query schema with this, or by extending one built with it (`pageQuerySchema.extend`).
 */
export function querySchema<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape);
}

/** A list's `sort` value: a field ascending, or descending with a leading `-`. */
export type SortOf<F extends string> = F | `-${F}`;

/**
 * The `sort` values a list accepts: each field ascending and descending
 * (`sortsOf('name', 'code')` → `['name', '-name', 'code', '-code']`), for `z.enum`.
 */
export function sortsOf<const F extends string>(...fields: [F, ...F[]]): readonly [SortOf<F>, ...SortOf<F>[]] {
  return fields.flatMap((field) => [field, `-${field}` as const]) as [SortOf<F>, ...SortOf<F>[]];
}

/** The `sort` values of a list of records (recordSchema): its own fields, then the records' timestamps. */
export function recordSortsOf<const F extends string>(...fields: [F, ...F[]]) {
  return sortsOf<F | 'createdAt' | 'updatedAt'>(...fields, 'createdAt', 'updatedAt');
}

/** Query of every paginated list; lists extend it with their filters (`extend` keeps it strict). */
export const pageQuerySchema = querySchema({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  sort: z.string().max(64).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * The query of a paginated list: the page, its size and the search, a `sort` among `sorts`, and the list's
 * own filters (each optional: an absent filter does not filter).
 */
export function listQuerySchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sorts: S,
  filters: F,
) {
  return pageQuerySchema.extend({ sort: z.enum(sorts).optional(), ...filters });
}

/** The PATCH body of a resource whose fields are those of its create body: any subset of them, strict too. */
export function updateBodyOf<S extends z.ZodRawShape>(createBody: z.ZodObject<S>) {
  return createBody.partial().strict();
}

export const pageMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `{data: [...], meta: {total, page, pageSize}}` */
export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}

/** `{data: item}` */
export function dataOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({ data: item });
}

/**
 * The read side of a record the API lists and answers one by one (a facility, a program area, a regulation, a
 * user): the list's query (sorted by `sortFields` and the timestamps, `recordSortsOf`, filtered by `filters`),
 * the answer `{data: record}` and the page of records.
 */
export function recordReadsOf<R extends z.ZodTypeAny, const F extends string, Filters extends z.ZodRawShape>(
  record: R,
  sortFields: [F, ...F[]],
  filters: Filters,
) {
  return {
    listQuery: listQuerySchema(recordSortsOf(...sortFields), filters),
    response: dataOf(record),
    page: pageOf(record),
  };
}

/**
 * The schemas of a settings record kind (a program area, a regulation): deactivated rather than deleted, so its
 * create body is its form `fields` plus an optional `active`, strict; its update body any subset of those
 * (updateBodyOf); and its reads those of recordReadsOf. Declared in one place so that the kinds, and the routes
 * built from them, stay alike.
 */
export function settingsRecordOf<
  R extends z.ZodTypeAny,
  Fields extends z.ZodRawShape,
  const F extends string,
  Filters extends z.ZodRawShape,
>(record: R, fields: Fields, sortFields: [F, ...F[]], filters: Filters) {
  const createBody = z.object({ ...fields, active: z.boolean().optional() }).strict();
  return { ...recordReadsOf(record, sortFields, filters), createBody, updateBody: updateBodyOf(createBody) };
}

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});

/**
 * Whether `value` names an IANA time zone this runtime knows (e.g. "America/Chicago", "UTC").
 * Offsets such as "+05:00" are refused: a facility's calendar follows its zone's daylight-saving rules.
 */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
