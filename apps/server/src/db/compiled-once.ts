import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import { directReadsOf } from './direct-reads';
import type { Database } from './schema';

/**
 * Hot statements compiled once. Building a Kysely query and compiling it — the
 * operation-node tree, the camel-case plugin's rewrite of every identifier, the SQL text — cost as much
 * CPU as running the indexed statement itself, on every request. A statement whose text never changes
 * is compiled the first time per dialect and then run with new parameters, in the order of its
 * placeholders.
 */
export function compiledOnce<Row>(build: (db: Kysely<Database>) => Compilable<Row>) {
  const byAdapter = new WeakMap<object, string>();
  return async (db: Kysely<Database>, parameters: readonly unknown[]): Promise<QueryResult<Row>> => {
    const adapter = db.getExecutor().adapter;
    let text = byAdapter.get(adapter);
    if (text === undefined) {
      text = build(db).compile().sql;
      byAdapter.set(adapter, text);
    }
    // On SQLite, outside a transaction, straight on the connection (direct-reads.ts).
    const rows = directReadsOf(db)?.all<Row>(text, parameters);
    if (rows) return { rows };
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

/**
 * Runs a compiled statement whose columns are named in SQL as the caller wants them: without the
 * camel-case plugin, which renames every column of every row character by character (on a page of
 * twenty 34-column rows, 4 % of the request's CPU and as many objects again for the collector).
 */
export async function executeAsNamed<Row>(db: Kysely<Database>, query: CompiledQuery): Promise<Row[]> {
  let plain = withoutPlugins.get(db);
  if (!plain) withoutPlugins.set(db, (plain = db.withoutPlugins()));
  return (await plain.executeQuery<Row>(query)).rows;
}
