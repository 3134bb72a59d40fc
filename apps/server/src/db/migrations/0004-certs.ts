import type { Kysely, Migration } from 'kysely';

/** Uploaded certificates; the private key only ever sealed. */
export const certs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('certs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_name', 'text', (c) => c.notNull().references('groups.name').onDelete('cascade'))
      .addColumn('keypairname', 'text', (c) => c.notNull())
      .addColumn('pem', 'text', (c) => c.notNull())
      .addColumn('key_sealed', 'text', (c) => c.notNull())
      .addColumn('pem_file_name', 'text')
      .addColumn('key_file_name', 'text')
      .addColumn('common_name', 'text', (c) => c.notNull())
      .addColumn('issuer_common_name', 'text', (c) => c.notNull())
      .addColumn('san', 'text', (c) => c.notNull())
      .addColumn('validity_start', 'bigint', (c) => c.notNull())
      .addColumn('validity_end', 'bigint', (c) => c.notNull())
      .addColumn('email_address', 'text')
      .addColumn('chain_length', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('certs_group_name_uq', ['group_name', 'keypairname'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('certs').execute();
  },
};
