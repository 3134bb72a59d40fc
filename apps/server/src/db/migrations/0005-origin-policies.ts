import type { Kysely, Migration } from 'kysely';

/** Origin policies: a name and its settings (origins, regions, balancing, health checks) as JSON. */
export const originPolicies: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('origin_policies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_name', 'text', (c) => c.notNull().references('groups.name').onDelete('cascade'))
      .addColumn('policy_name', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('origin_policies_group_name_uq', ['group_name', 'policy_name'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('origin_policies').execute();
  },
};
