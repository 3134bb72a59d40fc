import type { Kysely, Migration } from 'kysely';

/** Two-factor state, mailed tokens, attempt counters and profile pictures. */
export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('otp_pending_secret', 'text').execute();
    await db.schema.alterTable('users').addColumn('otp_last_step', 'bigint').execute();

    await db.schema
      .createTable('user_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('user_tokens_user_idx').on('user_tokens').columns(['user_id', 'purpose']).execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('user_avatars')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['user_avatars', 'rate_limits', 'user_tokens']) await db.schema.dropTable(table).execute();
    await db.schema.alterTable('users').dropColumn('otp_last_step').execute();
    await db.schema.alterTable('users').dropColumn('otp_pending_secret').execute();
  },
};
