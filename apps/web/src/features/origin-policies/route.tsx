import { OriginPoliciesPage } from './components/origin-policies-page';

/** /origin_policy: load balancing and health checks. */
export const Component = OriginPoliciesPage;
