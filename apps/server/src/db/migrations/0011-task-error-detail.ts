import type { Kysely, Migration } from 'kysely';

/**
 * What nginx said when it refused a task's configuration (docs/edge.md, "Publishing"), beside the
 * translated code in `error`: the reason with the edge's own paths taken out.
 */
export const taskErrorDetail: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('deploy_tasks').addColumn('error_detail', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('deploy_tasks').dropColumn('error_detail').execute();
  },
};
