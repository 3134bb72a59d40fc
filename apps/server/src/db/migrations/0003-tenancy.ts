import type { Kysely, Migration } from 'kysely';

/** Disabled accounts and the append-only audit log. */
export const tenancy: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('group_name', 'text')
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .execute();
    await db.schema.createIndex('audit_entity_idx').on('audit_log').columns(['entity', 'entity_id', 'at']).execute();
    await db.schema.createIndex('audit_group_idx').on('audit_log').columns(['group_name', 'at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_log').execute();
    await db.schema.alterTable('users').dropColumn('disabled').execute();
  },
};
