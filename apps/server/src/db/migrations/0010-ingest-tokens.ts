import type { Kysely, Migration } from 'kysely';

/**
 * Ingest tokens: only the SHA-256 of a token is kept (the token itself is shown once), with its
 * first characters in clear so the list can tell tokens apart. A revoked token keeps its row for
 * the audit trail and is refused from then on.
 */
export const ingestTokens: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ingest_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('ingest_tokens').execute();
  },
};
