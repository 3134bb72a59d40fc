import type { Kysely, Migration } from 'kysely';

/**
 * Deploying (ARCHITECTURE §7): the task table the worker claims from, who uses what (so a used
 * item cannot be deleted), HTML pages, and each checked origin's health with the lease that
 * lets one server at a time check it.
 */
export const deployAndPages: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('deploy_tasks')
      .addColumn('task_no', 'text', (c) => c.primaryKey())
      .addColumn('group_name', 'text', (c) => c.notNull().references('groups.name').onDelete('cascade'))
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('entity_name', 'text', (c) => c.notNull())
      .addColumn('operation', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_by', 'text')
      .addColumn('lease_until', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.createIndex('deploy_tasks_state_idx').on('deploy_tasks').columns(['state', 'created_at']).execute();
    await db.schema
      .createIndex('deploy_tasks_entity_idx')
      .on('deploy_tasks')
      .columns(['entity_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('entity_refs')
      .addColumn('group_name', 'text', (c) => c.notNull().references('groups.name').onDelete('cascade'))
      .addColumn('from_entity', 'text', (c) => c.notNull())
      .addColumn('from_id', 'text', (c) => c.notNull())
      .addColumn('from_name', 'text', (c) => c.notNull())
      .addColumn('to_entity', 'text', (c) => c.notNull())
      .addColumn('to_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('entity_refs_pk', ['from_entity', 'from_id', 'to_entity', 'to_id'])
      .execute();
    await db.schema.createIndex('entity_refs_to_idx').on('entity_refs').columns(['to_entity', 'to_id']).execute();

    await db.schema
      .createTable('html_pages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_name', 'text', (c) => c.notNull().references('groups.name').onDelete('cascade'))
      .addColumn('html_page_name', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text')
      .addColumn('rid_position', 'text', (c) => c.notNull())
      .addColumn('rid_color', 'text', (c) => c.notNull())
      .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('html_pages_group_name_uq', ['group_name', 'html_page_name'])
      .execute();

    await db.schema
      .createTable('origin_health')
      .addColumn('policy_id', 'text', (c) => c.notNull().references('origin_policies.id').onDelete('cascade'))
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('group_name', 'text', (c) => c.notNull().references('groups.name').onDelete('cascade'))
      .addColumn('health', 'text', (c) => c.notNull())
      .addColumn('passes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('checked_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('next_check_at', 'bigint', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'bigint')
      .addPrimaryKeyConstraint('origin_health_pk', ['policy_id', 'address'])
      .execute();
    await db.schema.createIndex('origin_health_due_idx').on('origin_health').columns(['next_check_at']).execute();

    await db.schema.alterTable('certs').addColumn('last_error', 'text').execute();
    await db.schema.alterTable('origin_policies').addColumn('last_error', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('origin_policies').dropColumn('last_error').execute();
    await db.schema.alterTable('certs').dropColumn('last_error').execute();
    for (const table of ['origin_health', 'html_pages', 'entity_refs', 'deploy_tasks'])
      await db.schema.dropTable(table).execute();
  },
};
