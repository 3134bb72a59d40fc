/**
 * Value of the group selector's "All groups" option, offered to admins only (spec §6).
 * It is not a group name: the server should refuse a group called this.
 */
export const ALL_GROUPS_VALUE = 'all';
