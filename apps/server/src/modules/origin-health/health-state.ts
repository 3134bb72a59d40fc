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
export function nextHealth(state: HealthState, passed: boolean, thresholds: { success: number; fail: number }): HealthState {
  const passes = passed ? state.passes + 1 : 0;
  const failures = passed ? 0 : state.failures + 1;
  const health = passes >= thresholds.success ? 'healthy' : failures >= thresholds.fail ? 'unhealthy' : state.health;
  return { health, passes, failures };
}
