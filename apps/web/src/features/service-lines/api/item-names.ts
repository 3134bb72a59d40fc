// Moved below the features (lib/item-names.ts): the firewall rule form offers the same names.
export { CHOICES_PAGE_SIZE, listItemNames } from '@/lib/item-names';
