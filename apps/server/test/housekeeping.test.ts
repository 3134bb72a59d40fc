import { afterEach, describe, expect, it } from 'vitest';
import { sweep } from '../src/plugins/housekeeping.js';
import { issueToken } from '../src/modules/auth/tokens.repository.js';
import { startSession } from '../src/modules/sessions/sessions.service.js';
import { spendAttempt } from '../src/lib/rate-limit.js';
import { buildTestApp, seedUserSession, type TestApp } from './helpers/app.js';
import { storeKinds } from './helpers/stores.js';

const DAY = 24 * 60 * 60_000;

describe.each(storeKinds)('housekeeping on %s', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('deletes expired sessions, stale counters, old tokens and long-ended tasks, and keeps live ones', async () => {
    t = await buildTestApp(kind);
    const { userId } = await seedUserSession(t, { username: 'kept' });
    const now = Date.now();
    const limits = { idleMs: 60_000, absoluteMs: DAY };
    await startSession(t.store.db, limits, userId, {}, now - 10 * 60_000);
    await spendAttempt(t.store.db, 'old', { max: 5, windowMs: 60_000 }, now - 2 * DAY);
    await spendAttempt(t.store.db, 'fresh', { max: 5, windowMs: 60_000 }, now);
    await issueToken(t.store.db, userId, 'reset_password', 60_000, now - 8 * DAY);
    await issueToken(t.store.db, userId, 'confirm_email', DAY, now);

    await t.store.db
      .insertInto('groups')
      .values({ name: 'g', plan: 'basic', created_at: now, updated_at: now })
      .execute();
    const task = (taskNo: string, state: 'queued' | 'succeeded', finishedAt: number | null) => ({
      task_no: taskNo,
      group_name: 'g',
      entity: 'cert' as const,
      entity_id: 'c',
      entity_name: 'c',
      operation: 'publish' as const,
      state,
      error: null,
      claimed_by: null,
      lease_until: null,
      created_at: now - 40 * DAY,
      started_at: null,
      finished_at: finishedAt,
      payload: null,
    });
    await t.store.db
      .insertInto('deploy_tasks')
      .values([
        task('ended-long-ago', 'succeeded', now - 31 * DAY),
        task('ended-lately', 'succeeded', now - DAY),
        task('still-queued', 'queued', null),
      ])
      .execute();

    await sweep(t.store.db, limits.idleMs, now);
    expect(
      (await t.store.db.selectFrom('deploy_tasks').select('task_no').orderBy('task_no').execute()).map(
        (r) => r.task_no,
      ),
    ).toEqual(['ended-lately', 'still-queued']);
    expect(await t.store.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
    expect((await t.store.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key)).toEqual(['fresh']);
    expect((await t.store.db.selectFrom('user_tokens').select('purpose').execute()).map((r) => r.purpose)).toEqual([
      'confirm_email',
    ]);
  });
});
