// Moved below the features (lib/item-names.ts): the firewall rule form offers the same policies.
export { originPolicyNamesQueryOptions, useOriginPolicyNames } from '@/lib/item-names';
