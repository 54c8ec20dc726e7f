// `npm run sql`: writes the SQL of every repository, as compiled for SQLite and for PostgreSQL, into
// apps/server/sql/{sqlite,postgres}/<path of the repository>.sql, so that a change to a statement shows in review.
// `npm run sql -- --check` writes nothing and fails (exit 1) when a committed file is stale or missing.
//
// Each exported function of a `*.repository.ts` file (and each method of an exported object) is called once per
// dialect on a Kysely instance whose driver records each statement instead of running it, with sample arguments
// chosen by the parameters' names (sql/sample-arguments.ts). A function returning a query builder is compiled.
// Parameters are placeholders, so the files hold the statements' text only. A function the samples cannot drive
// through is listed with the reason, so the gap is visible too.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type QueryResult,
} from 'kysely';
import { ColumnNaming } from '../db/direct-reads';
import type { Database } from '../db/schema';
import { parameterNames, sampleFor } from './sql/sample-arguments';

const SERVER_SRC = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.resolve(SERVER_SRC, '..', 'sql');
const MAX_STATEMENTS = 200;
const CALL_LIMIT_MS = 2_000;

type Recorder = { statements: string[] };

class RecordingDriver extends DummyDriver {
  constructor(private readonly recorder: Recorder) {
    super();
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    const recorder = this.recorder;
    return {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        recorder.statements.push(query.sql);
        if (recorder.statements.length > MAX_STATEMENTS) throw new Error(`more than ${MAX_STATEMENTS} statements`);
        return { rows: [] };
      },
      // eslint-disable-next-line require-yield
      async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
        return;
      },
    };
  }
}

const DIALECTS = {
  sqlite: { adapter: SqliteAdapter, compiler: SqliteQueryCompiler, introspector: SqliteIntrospector },
  postgres: { adapter: PostgresAdapter, compiler: PostgresQueryCompiler, introspector: PostgresIntrospector },
};
type DialectName = keyof typeof DIALECTS;

function recordingDb(name: DialectName, recorder: Recorder): Kysely<Database> {
  const parts = DIALECTS[name];
  const dialect: Dialect = {
    createAdapter: () => new parts.adapter(),
    createDriver: () => new RecordingDriver(recorder),
    createQueryCompiler: () => new parts.compiler(),
    createIntrospector: (db) => new parts.introspector(db),
  };
  return new Kysely<Database>({ dialect, plugins: [new ColumnNaming()] });
}

function repositoryFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.repository.ts'))
    .map((entry) => path.relative(SERVER_SRC, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`cli${path.sep}`))
    .sort();
}

type AnyFunction = (...args: unknown[]) => unknown;

/** The functions of a module to drive: its exported functions, and the methods of its exported objects. */
function functionsOf(module: Record<string, unknown>): [string, AnyFunction, object | undefined][] {
  const found: [string, AnyFunction, object | undefined][] = [];
  for (const name of Object.keys(module).sort()) {
    const value = module[name];
    if (typeof value === 'function' && !/^class\b/.test(Function.prototype.toString.call(value))) {
      found.push([name, value as AnyFunction, undefined]);
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const key of Object.keys(value).sort()) {
        const method = (value as Record<string, unknown>)[key];
        if (typeof method === 'function') found.push([`${name}.${key}`, method as AnyFunction, value]);
      }
    }
  }
  return found;
}

async function drive(fn: AnyFunction, self: object | undefined, db: Kysely<Database>, recorder: Recorder) {
  const names = parameterNames(fn as never);
  const args = names.map((name, index) => (index === 0 ? db : sampleFor(name)));
  if (args.length === 0) args.push(db);
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CALL_LIMIT_MS} ms`)), CALL_LIMIT_MS);
  });
  try {
    const result = await Promise.race([Promise.resolve().then(() => fn.apply(self, args)), limit]);
    if (result && typeof (result as { compile?: unknown }).compile === 'function') {
      recorder.statements.push((result as { compile(): CompiledQuery }).compile().sql);
    }
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message.split('\n')[0] : String(error);
  } finally {
    clearTimeout(timer);
  }
}

async function render(file: string, dialect: DialectName): Promise<string> {
  const module = (await import(pathToFileURL(path.join(SERVER_SRC, file)).href)) as Record<string, unknown>;
  const recorder: Recorder = { statements: [] };
  const db = recordingDb(dialect, recorder);
  const out = [`-- ${file.split(path.sep).join('/')}, compiled for ${dialect}. Written by npm run sql: do not edit.`];
  for (const [name, fn, self] of functionsOf(module)) {
    recorder.statements = [];
    const failure = await drive(fn, self, db, recorder);
    const statements = recorder.statements.filter((statement, i, all) => all.indexOf(statement) === i);
    if (statements.length === 0 && !failure) continue;
    out.push('', `-- ${name}`);
    for (const statement of statements) out.push(`${statement};`);
    if (failure && statements.length === 0) out.push(`-- (not driven by the sample arguments: ${failure})`);
  }
  return `${out.join('\n')}\n`;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = repositoryFiles(SERVER_SRC);
  const expected = new Map<string, string>();
  for (const dialect of Object.keys(DIALECTS) as DialectName[]) {
    for (const file of files) {
      expected.set(path.join(OUT, dialect, file.replace(/\.ts$/, '.sql')), await render(file, dialect));
    }
  }
  const existing = fs.existsSync(OUT)
    ? fs
        .readdirSync(OUT, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
    : [];
  const stale = [
    ...[...expected].filter(([file, text]) => !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text),
    ...existing.filter((file) => !expected.has(file)).map((file) => [file, undefined] as const),
  ];
  if (check) {
    for (const [file] of stale) console.error(`stale: ${path.relative(process.cwd(), file)}`);
    if (stale.length > 0) {
      console.error('The committed SQL of the repositories is stale: run `npm run sql` and commit the files.');
      process.exit(1);
    }
    console.log(`The SQL of ${files.length} repositories is current.`);
    return;
  }
  for (const [file, text] of stale) {
    if (text === undefined) fs.rmSync(file);
    else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
  }
  console.log(`Wrote the SQL of ${files.length} repositories (${stale.length} files changed) under ${OUT}.`);
}

await main();
process.exit(0);
