import type { EntityStatus, ErrorCode } from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';

type ItemEntity = 'cert' | 'html-page' | 'origin-policy';

/** Each item's "being deployed, please try again" answer (spec §8 Deploying). */
const DEPLOYING_CODE = { cert: 'CERT_DEPLOYING', 'html-page': 'HTML_PAGE_DEPLOYING', 'origin-policy': 'ORIGIN_POLICY_DEPLOYING' } as const satisfies Record<ItemEntity, ErrorCode>;

/**
 * A change to an item whose deployment is still in flight is refused with the item's
 * "being deployed, please try again" answer, so the edge never receives two versions of one
 * item out of order.
 */
export function assertNotDeploying(entity: ItemEntity, status: EntityStatus): void {
  if (status !== 'Running') throw new AppError(DEPLOYING_CODE[entity]);
}
