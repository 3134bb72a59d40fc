import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's migrator asks the introspector for every table to learn whether its own two exist.
 * The stock PostgreSQL introspector reads every schema of the database and calls functions on
 * each (`has_schema_privilege`, `pg_get_serial_sequence`), which fail with "schema … does not
 * exist" when another schema is dropped while the query runs (seen with test schemas made and
 * dropped side by side). The store only ever works in its own schema (`search_path`), so this
 * one looks there alone and calls no function on another schema's names.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.#db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')
      order by c.relname`.execute(this.#db);
    // Column lists are left empty: nothing in the project reads them, the migrator needs names.
    return rows.map((row) => ({
      name: row.name,
      schema: row.schema,
      isView: row.kind === 'v' || row.kind === 'm',
      columns: [],
    }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** PostgreSQL as Kysely speaks it, introspecting only the store's own schema. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
