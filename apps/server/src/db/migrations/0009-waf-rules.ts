import type { Kysely, Migration } from 'kysely';

/**
 * Firewall rules: a name unique in the group, its description and action in their own columns
 * (the list searches the one and filters by the other), every other field as JSON.
 */
export const wafRules: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('waf_rules')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_name', 'text', (c) => c.notNull().references('groups.name').onDelete('cascade'))
      .addColumn('rule_name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('waf_action', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('waf_rules_group_name_uq', ['group_name', 'rule_name'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('waf_rules').execute();
  },
};
