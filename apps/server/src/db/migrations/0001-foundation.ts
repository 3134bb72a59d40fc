import type { Kysely, Migration } from 'kysely';

/** Accounts, sessions and tenants: what the shell needs to know who is asking. */
export const foundation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('privilege', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text')
      .addColumn('email_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('otp_secret', 'text')
      .addColumn('otp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('groups')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('group_members')
      .addColumn('group_name', 'text', (c) => c.notNull().references('groups.name').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role_permissions', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('group_members_pk', ['group_name', 'user_id'])
      .execute();
    await db.schema.createIndex('group_members_user_idx').on('group_members').column('user_id').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['group_members', 'groups', 'sessions', 'users']) await db.schema.dropTable(table).execute();
  },
};
