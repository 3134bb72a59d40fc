import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PLANS } from '@parapet/shared';
import { createWithinQuota } from '../../src/core/quota.js';
import { insertGroup } from '../../src/modules/groups/groups.repository.js';
import { AppError } from '../../src/lib/app-error.js';
import { openTestStore, storeKinds, type TestStore } from '../helpers/stores.js';

/**
 * The quota mechanism every create goes through, on a stand-in entity table: the entities
 * that count against quotas arrive in later issues and use this same function.
 */
describe.each(storeKinds)('quotas on %s', (kind) => {
  let s: TestStore;
  afterEach(() => s.cleanup());

  const count = (group: string) => async (trx: Parameters<Parameters<typeof createWithinQuota>[1]['count']>[0]) => {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from quota_probe where group_name = ${group}`.execute(trx);
    return Number(rows[0]?.n ?? 0);
  };
  const create =
    (group: string, id: string) => async (trx: Parameters<Parameters<typeof createWithinQuota>[1]['create']>[0]) => {
      await sql`insert into quota_probe (id, group_name) values (${id}, ${group})`.execute(trx);
      return id;
    };

  it('two or more creates racing for the last slot leave exactly one', async () => {
    s = await openTestStore(kind);
    await s.store.db.schema
      .createTable('quota_probe')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_name', 'text')
      .execute();
    await insertGroup(s.store.db, 'acme', 'basic');
    const max = PLANS.basic.resourceLimits.maxWafRuleCount;
    for (let i = 0; i < max - 1; i++) await create('acme', `pre-${i}`)(s.store.db as never);

    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        createWithinQuota(s.store.db, {
          groupName: 'acme',
          limit: 'maxWafRuleCount',
          count: count('acme'),
          create: create('acme', `race-${i}`),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(5);
    expect(refused.every((r) => r.reason instanceof AppError && r.reason.code === 'QUOTA_EXCEEDED')).toBe(true);
    expect(await count('acme')(s.store.db as never)).toBe(max);
  });

  it("follows the group's plan and answers the spec's messages", async () => {
    s = await openTestStore(kind);
    await s.store.db.schema
      .createTable('quota_probe')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_name', 'text')
      .execute();
    await insertGroup(s.store.db, 'tiny', 'basic');
    const max = PLANS.basic.resourceLimits.maxHtmlPageCount;
    for (let i = 0; i < max; i++)
      await createWithinQuota(s.store.db, {
        groupName: 'tiny',
        limit: 'maxHtmlPageCount',
        count: count('tiny'),
        create: create('tiny', `p-${i}`),
      });
    await expect(
      createWithinQuota(s.store.db, {
        groupName: 'tiny',
        limit: 'maxHtmlPageCount',
        count: count('tiny'),
        create: create('tiny', 'one-more'),
      }),
    ).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED', message: 'Exceed Quota' });
    await expect(
      createWithinQuota(s.store.db, {
        groupName: 'tiny',
        limit: 'maxHtmlPageCount',
        count: count('tiny'),
        create: create('tiny', 'rule'),
        error: 'NO_RULES_AVAILABLE',
      }),
    ).rejects.toMatchObject({ message: 'Failed to create. There are not available rules to create.' });

    await s.store.db.updateTable('groups').set({ plan: 'pro' }).where('name', '=', 'tiny').execute();
    expect(
      await createWithinQuota(s.store.db, {
        groupName: 'tiny',
        limit: 'maxHtmlPageCount',
        count: count('tiny'),
        create: create('tiny', 'after-upgrade'),
      }),
    ).toBe('after-upgrade');
  });
});
