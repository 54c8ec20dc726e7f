import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type Migration,
} from 'kysely';

/**
 * The building blocks every migration repeats: the id and timestamp columns, column constraints, indexes
 * declared as data, and the few statements that differ per dialect. Each helper emits exactly what the
 * schema builder call it replaces emitted (db/schema-snapshot.test.ts compares the schema produced).
 * Migrations import them as one namespace, `m`.
 */

type Column = ColumnDefinitionBuilder;

export const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** A column that must hold a value. */
export const required = (col: Column): Column => col.notNull();

/** A required column whose value no other row holds. */
export const requiredUnique = (col: Column): Column => col.notNull().unique();

/** A required column with a default (flags are 0/1 integers, texts default to ''). */
export const requiredDefault =
  (value: string | number) =>
  (col: Column): Column =>
    col.notNull().defaultTo(value);

/** A foreign key (`table.column`), optionally required and optionally removed with the row it points to. */
export const references =
  (target: string, options: { required?: boolean; cascade?: boolean } = {}) =>
  (col: Column): Column => {
    const referring = col.references(target);
    const deleting = options.cascade ? referring.onDelete('cascade') : referring;
    return options.required ? deleting.notNull() : deleting;
  };

/** A table whose rows are identified by a text id. */
export const createEntityTable = (db: Kysely<unknown>, name: string) =>
  db.schema.createTable(name).addColumn('id', 'text', (col) => col.primaryKey());

/** When a row was created, as ISO-8601 text. */
export const createdAt = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  table.addColumn('created_at', 'text', required);

/** When a row was created and last changed, as ISO-8601 text. */
export const timestamps = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  createdAt(table).addColumn('updated_at', 'text', required);

/** The folded text the list search matches (platform/search-text.ts), then the timestamps. */
export const searchTextAndTimestamps = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  timestamps(table.addColumn('search_text', 'text', requiredDefault('')));

/** An index: the table it is on, its columns in order, and whether it is unique. */
export interface IndexSpec {
  on: string;
  columns: string[];
  unique?: boolean;
}

/** Creates the indexes, in the order given. */
export async function createIndexes(db: Kysely<unknown>, indexes: Record<string, IndexSpec>): Promise<void> {
  for (const [name, index] of Object.entries(indexes)) {
    const builder = db.schema.createIndex(name).on(index.on).columns(index.columns);
    await (index.unique ? builder.unique() : builder).execute();
  }
}

/** Drops the indexes, in the order given. */
export async function dropIndexes(db: Kysely<unknown>, names: string[]): Promise<void> {
  for (const name of names) await db.schema.dropIndex(name).execute();
}

/** Indexes of one table, named by the caller. */
export const indexesOn = (on: string, indexes: Record<string, string[]>): Record<string, IndexSpec> =>
  Object.fromEntries(Object.entries(indexes).map(([name, columns]) => [name, { on, columns }]));

/**
 * A migration that only replaces indexes: up creates `created` and drops `dropped`; down undoes it in
 * reverse. Lists whose order they serve change; the tables do not.
 */
export const replaceIndexes = (
  dropped: Record<string, IndexSpec>,
  created: Record<string, IndexSpec>,
): Required<Migration> => ({
  async up(db: Kysely<unknown>) {
    await dropIndexes(db, Object.keys(dropped));
    await createIndexes(db, created);
  },
  async down(db: Kysely<unknown>) {
    await dropIndexes(db, Object.keys(created).reverse());
    await createIndexes(db, dropped);
  },
});

/**
 * One row (id 1) whose revision grows with every change to what it stands for: totals cached per filter
 * are valid while it has not moved, on every instance.
 */
export async function createRevisionRow(db: Kysely<unknown>, table: string): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('revision', 'integer', requiredDefault(0))
    .execute();
  await db
    .insertInto(table as never)
    .values({ id: 1, revision: 0 } as never)
    .execute();
}

/** A write that bumps a revision counter: the trigger's name part and its event (`update of search_text`). */
export type RevisionEvent = readonly [name: string, event: string];

/**
 * Triggers that bump the single-row counter `counter` (made by `createRevisionRow`) with every `events` write
 * to each of `tables`, in the transaction of the write, whatever code path writes. PostgreSQL: one bump per
 * statement, by the function `bump_<counter>` (made or replaced here); SQLite has row triggers only. Triggers
 * are named `<table>_<event name>_<counter>`.
 */
export async function createRevisionTriggers(
  db: Kysely<unknown>,
  counter: string,
  tables: readonly string[],
  events: readonly RevisionEvent[],
): Promise<void> {
  const bump = `update ${counter} set revision = revision + 1 where id = 1`;
  if (isPostgres(db)) {
    await sql`create or replace function ${sql.raw(`bump_${counter}`)}() returns trigger language plpgsql as $$
        begin
          ${sql.raw(bump)};
          return null;
        end $$`.execute(db);
  }
  for (const table of tables) {
    for (const [name, event] of events) {
      const trigger = `${table}_${name}_${counter}`;
      await sql
        .raw(
          isPostgres(db)
            ? `create trigger ${trigger} after ${event} on ${table} for each statement execute function bump_${counter}()`
            : `create trigger ${trigger} after ${event} on ${table} begin ${bump}; end`,
        )
        .execute(db);
    }
  }
}

/** Drops the triggers `createRevisionTriggers` made (not the counter, nor its PostgreSQL function). */
export async function dropRevisionTriggers(
  db: Kysely<unknown>,
  counter: string,
  tables: readonly string[],
  events: readonly RevisionEvent[],
): Promise<void> {
  for (const table of tables) {
    for (const [name] of events) {
      await sql.raw(`drop trigger ${table}_${name}_${counter}${isPostgres(db) ? ` on ${table}` : ''}`).execute(db);
    }
  }
}

/** Drops the counter's PostgreSQL function and the counter (after its triggers). */
export async function dropRevisionCounter(db: Kysely<unknown>, counter: string): Promise<void> {
  if (isPostgres(db)) await sql.raw(`drop function bump_${counter}()`).execute(db);
  await db.schema.dropTable(counter).execute();
}

/** Adds (up) or drops (down) nullable columns of one type, in the order given (down: reversed). */
export async function addColumns(db: Kysely<unknown>, table: string, type: 'text' | 'integer', columns: string[]) {
  for (const column of columns) await db.schema.alterTable(table).addColumn(column, type).execute();
}

export async function dropColumns(db: Kysely<unknown>, table: string, columns: string[]) {
  for (const column of [...columns].reverse()) await db.schema.alterTable(table).dropColumn(column).execute();
}

/** A table rebuilt on SQLite: its stored definition changed by `change` (none: only re-pointed, as it was). */
export interface RebuiltTable {
  name: string;
  change?: (definition: string) => string;
}

/**
 * Rebuilds SQLite tables whose columns change in a way ALTER TABLE cannot (a NOT NULL dropped, a foreign key added),
 * keeping their rows and indexes. `tables` lists them parents first, and must hold every table that refers to one of
 * them: a migration runs in one transaction with foreign keys on (SQLite ignores the pragma there), so dropping a
 * table would delete the rows of a child left out. The old tables are renamed first (SQLite rewrites the references
 * among them to the old names), the new ones made from their stored definitions changed by `change`, the rows
 * copied column by column, the old tables dropped children first, and their indexes made again from their stored
 * definitions. Tables with triggers are refused (they would have to be made again too).
 */
export async function rebuildSqliteTables(db: Kysely<unknown>, tables: readonly RebuiltTable[]): Promise<void> {
  const names = tables.map((table) => table.name);
  const stored = (
    await sql<{ name: string; tblName: string; type: string; sql: string | null }>`
      select name, tbl_name as "tblName", type, sql from sqlite_master`.execute(db)
  ).rows.filter((row) => names.includes(row.tblName) && row.sql !== null);
  if (stored.some((row) => row.type === 'trigger')) throw new Error(`A trigger is on one of ${names.join(', ')}`);
  const definitionOf = (name: string) => {
    const table = stored.find((row) => row.type === 'table' && row.name === name);
    if (!table?.sql) throw new Error(`No table ${name} to rebuild`);
    return table.sql;
  };
  const definitions = new Map(
    tables.map(({ name, change }) => [name, (change ?? ((text) => text))(definitionOf(name))]),
  );
  const columns = new Map<string, string[]>();
  for (const { name } of tables) {
    const info = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
    columns.set(
      name,
      info.rows.map((row) => row.name),
    );
    await sql`alter table ${sql.id(name)} rename to ${sql.id(`${name}_old`)}`.execute(db);
  }
  for (const { name } of tables) {
    await sql.raw(definitions.get(name)!).execute(db);
    const list = sql.join(columns.get(name)!.map((column) => sql.id(column)));
    await sql`insert into ${sql.id(name)} (${list}) select ${list} from ${sql.id(`${name}_old`)}`.execute(db);
  }
  for (const { name } of [...tables].reverse()) await sql`drop table ${sql.id(`${name}_old`)}`.execute(db);
  for (const index of stored.filter((row) => row.type === 'index')) await sql.raw(index.sql!).execute(db);
}
