import type { EntityStatus, ErrorCode } from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';

/**
 * A change to an item whose deployment is still in flight is refused with the entity's
 * "being deployed, please try again" answer (spec §8 Deploying), so the edge never receives
 * two versions of one item out of order.
 */
export function assertNotDeploying(status: EntityStatus, code: Extract<ErrorCode, 'CERT_DEPLOYING' | 'HTML_PAGE_DEPLOYING' | 'ORIGIN_POLICY_DEPLOYING'>): void {
  if (status !== 'Running') throw new AppError(code);
}
