import type { Kysely } from 'kysely';
import type { OriginHealthEvent, OriginPolicySettings } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import type { OriginGuard } from '../../lib/origin-guard.js';
import { nextHealth, storedReason } from './health-state.js';
import { claimDueOrigins, policySettingsOf, recordCheck, type HealthRow } from './health.repository.js';
import { probeOrigin, type ProbeResult, type ProbeTarget } from './probe.js';

export interface SchedulerOptions {
  db: Kysely<Database>;
  owner: string;
  emit: (event: OriginHealthEvent) => void;
  log: { warn: (obj: object, msg: string) => void };
  /** Decides which addresses a check may connect to (ALLOW_PRIVATE_ORIGINS). */
  guard: OriginGuard;
  /** How often the scheduler looks for due origins. */
  tickMs?: number;
  /** Most origins one server checks in one tick. */
  batch?: number;
  /** Tests count and observe the checks. */
  probe?: (target: ProbeTarget) => Promise<ProbeResult>;
  /** An origin went down or came back: the edge must leave it out or take it back. */
  onDownChanged?: (policyId: string) => Promise<void>;
}

export interface HealthScheduler {
  start(): void;
  stop(): Promise<void>;
  /** One pass: claims the due origins, checks them, records the outcome. */
  tick(): Promise<number>;
}

/** Beyond the check's own timeout, how long a claimed origin stays this server's. */
const LEASE_MARGIN_MS = 5_000;

/**
 * Checks every enabled origin of every policy as its policy says: each server claims due
 * origins (a lease per origin), checks them side by side, and records the verdict with the
 * success/fail thresholds; a change of verdict goes to the policy's group on the socket.
 */
export function createHealthScheduler(options: SchedulerOptions): HealthScheduler {
  const { db, owner, emit, log } = options;
  const tickMs = options.tickMs ?? 1000;
  const batch = options.batch ?? 50;
  const check = options.probe ?? ((target: ProbeTarget) => probeOrigin(target, options.guard));
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();

  async function checkOne(row: HealthRow, settings: OriginPolicySettings): Promise<void> {
    const result = await check({
      address: row.address,
      scheme: settings.originscheme,
      mode: settings.healthCheckMode,
      uri: settings.healthCheckUri,
      httpCodes: settings.healthCheckHttpCode,
      timeoutMs: settings.healthCheckTimeout,
    });
    const now = Date.now();
    const next = nextHealth({ health: row.health, passes: row.passes, failures: row.failures }, result.passed, {
      success: settings.healthCheckSuccess,
      fail: settings.healthCheckFail,
    });
    const stored = await recordCheck(
      db,
      owner,
      { policyId: row.policy_id, address: row.address },
      {
        health: next.health,
        passes: next.passes,
        failures: next.failures,
        checked_at: now,
        last_error: storedReason(result),
        next_check_at: now + settings.healthCheckInterval * 1000,
      },
    );
    const wasDown = row.health === 'unhealthy';
    if (stored && wasDown !== (next.health === 'unhealthy')) await options.onDownChanged?.(row.policy_id);
    if (stored && next.health !== row.health)
      emit({
        groupName: row.group_name,
        policyId: row.policy_id,
        address: row.address,
        health: next.health,
        checkedAt: now,
      });
  }

  async function tick(): Promise<number> {
    // The longest timeout a policy may set bounds how long a lease must last.
    const claimed = await claimDueOrigins(db, owner, 60_000 + LEASE_MARGIN_MS, batch);
    const settings = await policySettingsOf(db, [...new Set(claimed.map((r) => r.policy_id))]);
    await Promise.all(
      claimed.map(async (row) => {
        const policy = settings.get(row.policy_id);
        if (!policy) return;
        try {
          await checkOne(row, policy);
        } catch (error) {
          log.warn({ err: error, policyId: row.policy_id }, 'origin health check could not be recorded');
        }
      }),
    );
    return claimed.length;
  }

  const loop = () => {
    current = tick()
      .catch((error: unknown) => log.warn({ err: error }, 'origin health tick failed'))
      .finally(() => {
        if (timer) timer = setTimeout(loop, tickMs);
      });
  };

  return {
    start() {
      if (timer) return;
      timer = setTimeout(loop, 0);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await current;
    },
    tick,
  };
}
