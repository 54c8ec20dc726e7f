import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Dialect,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  isView: boolean;
  schema: string;
  column: string;
  notNull: boolean;
  hasDefault: boolean;
  type: string;
  typeSchema: string;
  comment: string | null;
  serial: string | null;
}

/**
 * PostgreSQL: what Kysely's introspection reads (its migrator asks whether its two tables exist) is the app's own
 * schema, `current_schema()`, only. Kysely's PostgresIntrospector reads every schema of the database and calls
 * `has_schema_privilege(name, 'USAGE')` on each by name: when another schema is dropped meanwhile (another app's
 * on a shared database, or another test's), that call fails with "schema … does not exist" and the migration, so
 * the start, with it. It also made every start read the catalogue of every schema.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly inner: DatabaseIntrospector,
  ) {}

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.inner.getSchemas();
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const internal = options.withInternalKyselyTables ? [] : [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", c.relkind = 'v' as "isView", ns.nspname as "schema", a.attname as "column",
        a.attnotnull as "notNull", a.atthasdef as "hasDefault", typ.typname as "type", dtns.nspname as "typeSchema",
        col_description(a.attrelid, a.attnum) as "comment",
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as "serial"
      from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on c.oid = a.attrelid
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        join pg_catalog.pg_type typ on typ.oid = a.atttypid
        join pg_catalog.pg_namespace dtns on dtns.oid = typ.typnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
        and c.relname <> all(${internal}::text[])
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, isView: row.isView, schema: row.schema, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.typeSchema,
        isNullable: !row.notNull,
        hasDefaultValue: row.hasDefault,
        isAutoIncrementing: row.serial !== null,
        ...(row.comment === null ? {} : { comment: row.comment }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** The PostgreSQL dialect with introspection of the app's own schema only (see OwnSchemaIntrospector). */
export function withOwnSchemaIntrospection(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => dialect.createDriver(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => new OwnSchemaIntrospector(db, dialect.createIntrospector(db)),
  };
}
