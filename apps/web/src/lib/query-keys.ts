import type { DeployEntity, OriginHealthEvent, TaskUpdatedEvent } from '@parapet/shared';
import type { InvalidateQueryFilters, Query } from '@tanstack/react-query';

/** The user's own data starts with 'user'; nothing the socket says ever touches it. */
export const USER_QUERY_ROOT_KEY = 'user';

// A group's items are keyed [area, groupName, kind, ...]: a list page `[area, group, 'list', query]`,
// the names a select offers `[area, group, 'names']`, one service line `['service-lines', group,
// 'line', name]` and its domains `['service-lines', group, 'domains', id]`. So an event about one
// entity of one group invalidates exactly that entity's queries and its group's lists, and a
// feature's mutation the same (STYLE habit 5). Keys that belong to no group use other roots.

/** What a list key carries besides the rest of its query. */
interface GroupQuery {
  groupName: string;
}

function groupItemKeys<A extends string>(area: A) {
  return {
    area,
    /** Every query of the area in a group. */
    group: (groupName: string) => [area, groupName] as const,
    lists: (groupName: string) => [area, groupName, 'list'] as const,
    list: <Q extends GroupQuery>(query: Q) => [area, query.groupName, 'list', query] as const,
    names: (groupName: string) => [area, groupName, 'names'] as const,
  };
}

export const certKeys = groupItemKeys('certs');
export const htmlPageKeys = groupItemKeys('html-pages');
export const originPolicyKeys = groupItemKeys('origin-policies');
export const wafRuleKeys = groupItemKeys('waf-rules');
export const serviceLineKeys = {
  ...groupItemKeys('service-lines'),
  /** One line, by the name its URL carries (the Service Setting screen, the wizard's last step). */
  line: (groupName: string, appProfileName: string) => ['service-lines', groupName, 'line', appProfileName] as const,
  domains: (groupName: string, id: string) => ['service-lines', groupName, 'domains', id] as const,
  /** "Is this name taken in the group?": stale once a line of the group is created or removed. */
  nameExists: (groupName: string, name: string) => ['service-lines', groupName, 'name-exists', name] as const,
};
/** Answers that hold for any group (is an address a usable origin). */
export const originCheckKey = (address: string) => ['origin-valid', address] as const;
/** A dashboard call of a group: `kind` is the call (series, top, activity), `request` its whole body. */
export const dashboardKey = (groupName: string, kind: string, request: unknown) =>
  ['dashboard', groupName, kind, request] as const;
const RESOURCE_LIMITS_ROOT = 'group-resource-limits';
export const resourceLimitsKey = (groupName: string) => [RESOURCE_LIMITS_ROOT, groupName] as const;
/** A page of a group's event log, by everything its search asks (range, filters, cursor, size). */
export const eventLogKeys = {
  group: (groupName: string) => ['event-logs', groupName] as const,
  page: <Q extends GroupQuery>(query: Q) => ['event-logs', query.groupName, 'page', query] as const,
  count: <Q extends GroupQuery>(query: Q) => ['event-logs', query.groupName, 'count', query] as const,
};

const dataId = (query: Query): unknown => (query.state.data as { id?: unknown } | undefined)?.id;

/**
 * The queries showing one service line of a group and what counts it: the group's lists and
 * name checks, that line (found by the id of what it holds, its key has the name), its domains
 * and the group's usage. Other lines of the group are left alone.
 */
export function serviceLineInvalidations(groupName: string, id: string): InvalidateQueryFilters[] {
  const ofLine = (query: Query): boolean => {
    const [, , kind, key] = query.queryKey;
    if (kind === 'line') return dataId(query) === id;
    if (kind === 'domains') return key === id;
    return true;
  };
  return [
    { queryKey: serviceLineKeys.group(groupName), predicate: ofLine },
    { queryKey: resourceLimitsKey(groupName) },
  ];
}

/** What a deployed entity's change makes stale, per kind of entity. */
const ENTITY_INVALIDATIONS: Record<DeployEntity, (groupName: string, id: string) => InvalidateQueryFilters[]> = {
  // No screen shows one certificate, page or policy alone: their group's lists and names hold them.
  cert: (groupName) => [{ queryKey: certKeys.group(groupName) }],
  'html-page': (groupName) => [{ queryKey: htmlPageKeys.group(groupName) }],
  'origin-policy': (groupName) => [{ queryKey: originPolicyKeys.group(groupName) }],
  'service-line': serviceLineInvalidations,
  // A rule's usage count and status show in its list and in the Firewall Rules tab of the lines using it.
  'waf-rule': (groupName) => [{ queryKey: wafRuleKeys.group(groupName) }, { queryKey: resourceLimitsKey(groupName) }],
};

/** A deployed entity changed (a save, a removal, a task that ended). */
export function entityInvalidations(
  entity: DeployEntity,
  groupName: string,
  entityId: string,
): InvalidateQueryFilters[] {
  return ENTITY_INVALIDATIONS[entity](groupName, entityId);
}

/**
 * A task event: only one that ended changes what a screen shows (the entity is Running again,
 * or shows the failure); queued and running leave it Deploying, as it was since the save.
 */
export function taskInvalidations(
  event: Pick<TaskUpdatedEvent, 'entity' | 'entityId' | 'groupName' | 'state'>,
): InvalidateQueryFilters[] {
  if (event.state !== 'succeeded' && event.state !== 'failed') return [];
  return entityInvalidations(event.entity, event.groupName, event.entityId);
}

/**
 * Everything a socket event could make stale, in every group: what the console refetches when
 * its socket (re)connects, since an event sent before the socket was in its rooms is never seen.
 */
export function liveQueryInvalidations(): InvalidateQueryFilters[] {
  return [
    ...[certKeys, htmlPageKeys, originPolicyKeys, serviceLineKeys, wafRuleKeys].map(({ area }) => ({
      queryKey: [area],
    })),
    { queryKey: [RESOURCE_LIMITS_ROOT] },
  ];
}

/** An origin's health shows on the policy lists of its group; the names a select offers do not change. */
export function healthInvalidations(event: Pick<OriginHealthEvent, 'groupName'>): InvalidateQueryFilters[] {
  return [{ queryKey: originPolicyKeys.lists(event.groupName) }];
}
