import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema';

/**
 * Hot statements compiled once (issue 15 item 2). Building a Kysely query and compiling it — the
 * operation-node tree, the camel-case plugin's rewrite of every identifier, the SQL text — cost as much
 * CPU as running the indexed statement itself, on every request. A statement whose text never changes
 * is compiled the first time per dialect and then run with new parameters, in the order of its
 * placeholders.
 */
export function compiledOnce<Row>(build: (db: Kysely<Database>) => Compilable<Row>) {
  const byAdapter = new WeakMap<object, string>();
  return (db: Kysely<Database>, parameters: readonly unknown[]): Promise<QueryResult<Row>> => {
    const adapter = db.getExecutor().adapter;
    let text = byAdapter.get(adapter);
    if (text === undefined) {
      text = build(db).compile().sql;
      byAdapter.set(adapter, text);
    }
    return db.executeQuery<Row>(CompiledQuery.raw(text, parameters as unknown[]));
  };
}

/**
 * Statements whose text depends on their filters (a list page): compiled once per dialect and distinct
 * `key` (which must name everything the statement is built from, its parameters included), the most
 * recently used `size` kept.
 */
export function compiledByKey(size: number) {
  const byAdapter = new WeakMap<object, Map<string, CompiledQuery>>();
  return <Row>(db: Kysely<Database>, key: string, build: () => Compilable<Row>): CompiledQuery<Row> => {
    const adapter = db.getExecutor().adapter;
    let cache = byAdapter.get(adapter);
    if (!cache) byAdapter.set(adapter, (cache = new Map()));
    let compiled = cache.get(key);
    if (compiled) {
      cache.delete(key);
    } else {
      compiled = build().compile();
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
    }
    cache.set(key, compiled);
    return compiled as CompiledQuery<Row>;
  };
}

const withoutPlugins = new WeakMap<Kysely<Database>, Kysely<Database>>();
const camelNames = new Map<string, string>();

/** `snake_case` → `camelCase`, as the CamelCasePlugin names result columns, remembered per name. */
function camelName(name: string): string {
  let camel = camelNames.get(name);
  if (camel === undefined) {
    camel = name.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase());
    if (camelNames.size < 10_000) camelNames.set(name, camel);
  }
  return camel;
}

/**
 * Runs a compiled statement and names its columns in camel case, as the CamelCasePlugin would, but
 * with each name converted once rather than character by character for every column of every row (on
 * a page of twenty 34-column rows that took 4 % of the request).
 */
export async function executeCamelCased<Row>(db: Kysely<Database>, query: CompiledQuery): Promise<Row[]> {
  let plain = withoutPlugins.get(db);
  if (!plain) withoutPlugins.set(db, (plain = db.withoutPlugins()));
  const { rows } = await plain.executeQuery<Record<string, unknown>>(query);
  const names = rows[0] ? Object.keys(rows[0]).map((name) => [name, camelName(name)] as const) : [];
  return rows.map((row) => {
    const named: Record<string, unknown> = {};
    for (const [name, camel] of names) named[camel] = row[name];
    return named as Row;
  });
}
