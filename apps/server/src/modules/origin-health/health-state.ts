import { ORIGIN_CHECK_REASONS, type OriginCheckReason } from '@parapet/shared';

export type OriginHealth = 'unchecked' | 'healthy' | 'unhealthy';

export interface HealthState {
  health: OriginHealth;
  /** Consecutive passed and failed checks up to now. */
  passes: number;
  failures: number;
}

export const INITIAL_HEALTH: HealthState = { health: 'unchecked', passes: 0, failures: 0 };

/**
 * Folds one check into an origin's state: healthy after `success` consecutive passes,
 * unhealthy after `fail` consecutive failures, unchanged in between, so one lost packet does
 * not flap an origin in and out of rotation.
 */
export function nextHealth(
  state: HealthState,
  passed: boolean,
  thresholds: { success: number; fail: number },
): HealthState {
  const passes = passed ? state.passes + 1 : 0;
  const failures = passed ? 0 : state.failures + 1;
  const health = passes >= thresholds.success ? 'healthy' : failures >= thresholds.fail ? 'unhealthy' : state.health;
  return { health, passes, failures };
}

/**
 * A failed check's reason as stored in `origin_health.last_error`: the code, and with
 * `bad_status` the status after a colon (`bad_status:503`).
 */
export function storedReason(result: {
  reason: OriginCheckReason | null;
  httpStatus?: number | undefined;
}): string | null {
  if (result.reason === null) return null;
  return result.reason === 'bad_status' && result.httpStatus !== undefined
    ? `bad_status:${result.httpStatus}`
    : result.reason;
}

/** Older rows hold the raw text checks used to store (ECONNREFUSED, HTTP 503...). */
const LEGACY: Record<string, OriginCheckReason> = {
  ECONNREFUSED: 'refused',
  ETIMEDOUT: 'timeout',
  timeout: 'timeout',
  ECONNRESET: 'reset',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ENOTFOUND: 'dns_failed',
  EAI_AGAIN: 'dns_failed',
};

/** The reason and status the API shows for what `storedReason` wrote (or an older row held). */
export function readStoredReason(text: string | null): { reason: OriginCheckReason | null; httpStatus: number | null } {
  if (text === null) return { reason: null, httpStatus: null };
  const status = /^(?:bad_status:|HTTP )(\d{3})$/.exec(text)?.[1];
  if (status) return { reason: 'bad_status', httpStatus: Number(status) };
  const known = (ORIGIN_CHECK_REASONS as readonly string[]).includes(text) ? (text as OriginCheckReason) : LEGACY[text];
  return { reason: known ?? 'failed', httpStatus: null };
}
