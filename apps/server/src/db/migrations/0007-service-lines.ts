import type { Kysely, Migration } from 'kysely';

/**
 * Service lines: a name and every setting as JSON, the CNAME target they were given, and one
 * row per domain, whose key makes a domain belong to one line across all groups.
 */
export const serviceLines: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('service_lines')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_name', 'text', (c) => c.notNull().references('groups.name').onDelete('cascade'))
      .addColumn('app_profile_name', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('cnameto', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('service_lines_group_name_uq', ['group_name', 'app_profile_name'])
      .execute();
    await db.schema
      .createTable('line_domains')
      .addColumn('domain', 'text', (c) => c.primaryKey())
      .addColumn('line_id', 'text', (c) => c.notNull().references('service_lines.id').onDelete('cascade'))
      .addColumn('group_name', 'text', (c) => c.notNull().references('groups.name').onDelete('cascade'))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('line_domains_line_idx').on('line_domains').column('line_id').execute();
    // What a purge task clears (paths), kept with the task.
    await db.schema.alterTable('deploy_tasks').addColumn('payload', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('deploy_tasks').dropColumn('payload').execute();
    await db.schema.dropTable('line_domains').execute();
    await db.schema.dropTable('service_lines').execute();
  },
};
