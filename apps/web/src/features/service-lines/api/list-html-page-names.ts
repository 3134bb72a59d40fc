// Moved below the features (lib/item-names.ts): the firewall rule form offers the same pages.
export { htmlPageNamesQueryOptions, useHtmlPageNames } from '@/lib/item-names';
