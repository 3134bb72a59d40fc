import { WAF_ACTION_DEFAULT } from '../waf/vocabulary.js';
import { EVENT_TYPE_WAF } from '../schemas/event-records.js';
import {
  SERVED_BY_CACHE,
  SERVED_BY_ORIGIN,
  type EventDimension,
  type EventFilter,
  type EventMetric,
} from '../schemas/event-queries.js';

/**
 * The dashboard's tabs as data (spec §2, GLOSSARY §8.1): the page draws them and the benchmark
 * times the queries they make, from this one description. Overview, Data Usage, Firewall and
 * Acceleration are the spec's; Data Transfer and Web Protection are ours (the spec names them
 * and GLOSSARY §8.1 finds only their locale keys): transfer is bytes by how they were served,
 * protection is every request a firewall rule matched, with the WAF type counts and the activity
 * log of recent ones.
 */

export const DASHBOARD_TAB_IDS = [
  'overview',
  'dataUsage',
  'dataTransfer',
  'webProtection',
  'firewall',
  'acceleration',
] as const;
export type DashboardTabId = (typeof DASHBOARD_TAB_IDS)[number];

/** A tab's URL; the first is the dashboard's root. */
export const DASHBOARD_TAB_PATHS: Readonly<Record<DashboardTabId, string>> = {
  overview: '/home',
  dataUsage: '/home/data-usage',
  dataTransfer: '/home/data-transfer',
  webProtection: '/home/web-protection',
  firewall: '/home/firewall',
  acceleration: '/home/acceleration',
};

/** A tile at the top of a tab: a total over the range, drawn with a small area of its series. */
export interface DashboardTile {
  id: string;
  metric: EventMetric;
  /** Only the events these match count. */
  filters: readonly EventFilter[];
}

/** A ranked list by one dimension (GLOSSARY §8.1 "by source"), 3 / 5 / 10 long. */
export interface DashboardSourceList {
  id: string;
  dimension: EventDimension;
  filters: readonly EventFilter[];
}

/** A chart of one dimension's shares over the whole range (pie or bar). */
export interface DashboardBreakdown {
  id: string;
  dimension: EventDimension;
  metric: EventMetric;
  visualization: 'pie' | 'bar' | 'map';
  /** How many values it shows. */
  size: number;
}

export interface DashboardTab {
  id: DashboardTabId;
  path: string;
  /** Applied to every widget of the tab, on top of the user's filters. */
  baseFilters: readonly EventFilter[];
  tiles: readonly DashboardTile[];
  /** The main chart: its metric and its group-by tabs (`null` is "All", one series). */
  mainChart: { id: string; metric: EventMetric; groupBys: readonly (EventDimension | null)[] };
  breakdowns: readonly DashboardBreakdown[];
  /** The source lists share one metric: the main chart's. */
  sourceLists: readonly DashboardSourceList[];
  /** Shows the most recent events of the tab (the base filters and the user's). */
  activityLog: boolean;
}

/** How many values a map or a breakdown of a tab asks for. */
export const DASHBOARD_MAP_SIZE = 50;
export const DASHBOARD_BREAKDOWN_SIZE = 10;
/** Rows of the activity log. */
export const DASHBOARD_ACTIVITY_LIMIT = 10;

/** A request a firewall rule acted on (`type` 01). */
export const WAF_EVENT_FILTER: EventFilter = { field: 'type', op: 'is', value: EVENT_TYPE_WAF };
/** ... with an action other than allow: what the Firewall tab counts as an event (GLOSSARY §8.1). */
export const NOT_ALLOWED_FILTER: EventFilter = { field: 'action', op: 'is_not', value: WAF_ACTION_DEFAULT };
/**
 * One meaning of "cached" on every widget: answered from the edge's cache, which counts STALE,
 * UPDATING and REVALIDATED as well as HIT (EVENT_CACHE_SERVED_STATUSES). The cached URI list used
 * HIT alone, so its counts and the tiles' disagreed, and the uncached list showed stale answers.
 * "Uncached" is fetched from the origin: a request the edge answered itself (a firewall's deny)
 * is neither (`served_by` in event-queries.ts).
 */
export const SERVED_FROM_CACHE: EventFilter = { field: 'served_by', op: 'is', value: SERVED_BY_CACHE };
export const SERVED_FROM_ORIGIN: EventFilter = { field: 'served_by', op: 'is', value: SERVED_BY_ORIGIN };

const list = (dimension: EventDimension, filters: readonly EventFilter[] = []): DashboardSourceList => ({
  id: dimension,
  dimension,
  filters,
});

const DATA_USAGE_SOURCES = [
  'client_ip',
  'server_name',
  'uri',
  'status',
  'country',
  'content_type',
  'user_agent',
] as const;

const overview: DashboardTab = {
  id: 'overview',
  path: DASHBOARD_TAB_PATHS.overview,
  baseFilters: [],
  tiles: [
    { id: 'requests', metric: 'requests', filters: [] },
    { id: 'bytes', metric: 'bytes', filters: [] },
    { id: 'wafEvents', metric: 'requests', filters: [WAF_EVENT_FILTER, NOT_ALLOWED_FILTER] },
    { id: 'cachedRequests', metric: 'requests', filters: [SERVED_FROM_CACHE] },
  ],
  mainChart: {
    id: 'requestSummary',
    metric: 'requests',
    groupBys: [null, 'referer', 'server_name', 'country', 'uri', 'status', 'upstream_status', 'method', 'user_agent'],
  },
  breakdowns: [
    {
      id: 'requestsByCountry',
      dimension: 'country',
      metric: 'requests',
      visualization: 'map',
      size: DASHBOARD_MAP_SIZE,
    },
  ],
  sourceLists: ['client_ip', 'server_name', 'uri', 'user_agent', 'referer'].map((d) => list(d as EventDimension)),
  activityLog: false,
};

const dataUsage: DashboardTab = {
  id: 'dataUsage',
  path: DASHBOARD_TAB_PATHS.dataUsage,
  baseFilters: [],
  tiles: [
    { id: 'bytes', metric: 'bytes', filters: [] },
    { id: 'cachedBytes', metric: 'bytes', filters: [SERVED_FROM_CACHE] },
  ],
  mainChart: {
    id: 'dataUsageSummary',
    metric: 'bytes',
    groupBys: [null, 'referer', 'server_name', 'country', 'uri', 'status', 'user_agent', 'method'],
  },
  breakdowns: [],
  sourceLists: DATA_USAGE_SOURCES.map((d) => list(d)),
  activityLog: false,
};

const dataTransfer: DashboardTab = {
  id: 'dataTransfer',
  path: DASHBOARD_TAB_PATHS.dataTransfer,
  baseFilters: [],
  tiles: [
    { id: 'bytes', metric: 'bytes', filters: [] },
    { id: 'originBytes', metric: 'bytes', filters: [SERVED_FROM_ORIGIN] },
  ],
  mainChart: {
    id: 'dataTransfer',
    metric: 'bytes',
    groupBys: [null, 'served_by', 'scheme', 'server_protocol', 'content_type', 'country', 'server_name'],
  },
  breakdowns: [
    { id: 'bytesByScheme', dimension: 'scheme', metric: 'bytes', visualization: 'pie', size: DASHBOARD_BREAKDOWN_SIZE },
    {
      id: 'bytesByContentType',
      dimension: 'content_type',
      metric: 'bytes',
      visualization: 'bar',
      size: DASHBOARD_BREAKDOWN_SIZE,
    },
  ],
  sourceLists: ['uri', 'content_type', 'server_name', 'country', 'client_ip'].map((d) => list(d as EventDimension)),
  activityLog: false,
};

const webProtection: DashboardTab = {
  id: 'webProtection',
  path: DASHBOARD_TAB_PATHS.webProtection,
  baseFilters: [WAF_EVENT_FILTER],
  tiles: [
    { id: 'wafMatches', metric: 'requests', filters: [] },
    { id: 'wafEvents', metric: 'requests', filters: [NOT_ALLOWED_FILTER] },
  ],
  mainChart: {
    id: 'protectionSummary',
    metric: 'requests',
    groupBys: ['action', 'rule', 'reason', 'proxy_type', 'country', 'server_name'],
  },
  breakdowns: [
    {
      id: 'wafTypeCounts',
      dimension: 'action',
      metric: 'requests',
      visualization: 'bar',
      size: DASHBOARD_BREAKDOWN_SIZE,
    },
  ],
  sourceLists: ['rule', 'reason', 'client_ip', 'country'].map((d) => list(d as EventDimension)),
  activityLog: true,
};

const firewall: DashboardTab = {
  id: 'firewall',
  path: DASHBOARD_TAB_PATHS.firewall,
  baseFilters: [WAF_EVENT_FILTER, NOT_ALLOWED_FILTER],
  tiles: [{ id: 'wafEvents', metric: 'requests', filters: [] }],
  mainChart: {
    id: 'eventsByAction',
    metric: 'requests',
    groupBys: ['action', 'server_name', 'country', 'isp', 'client_ip', 'uri', 'server_protocol', 'method', 'rule'],
  },
  breakdowns: [],
  sourceLists: [
    'client_ip',
    'server_name',
    'uri',
    'status',
    'rule',
    'action',
    'country',
    'isp',
    'method',
    'user_agent',
    'referer',
  ].map((d) => list(d as EventDimension)),
  activityLog: true,
};

const acceleration: DashboardTab = {
  id: 'acceleration',
  path: DASHBOARD_TAB_PATHS.acceleration,
  baseFilters: [],
  tiles: [
    { id: 'bytes', metric: 'bytes', filters: [] },
    { id: 'cachedBytes', metric: 'bytes', filters: [SERVED_FROM_CACHE] },
    { id: 'cachedRequests', metric: 'requests', filters: [SERVED_FROM_CACHE] },
  ],
  mainChart: {
    id: 'cachePerformance',
    metric: 'bytes',
    groupBys: [
      'served_by',
      'cache_status',
      'country',
      'server_name',
      'method',
      'uri',
      'content_type',
      'status',
      'user_agent',
    ],
  },
  breakdowns: [
    { id: 'servedBy', dimension: 'served_by', metric: 'bytes', visualization: 'pie', size: DASHBOARD_BREAKDOWN_SIZE },
    {
      id: 'cacheStatus',
      dimension: 'cache_status',
      metric: 'requests',
      visualization: 'bar',
      size: DASHBOARD_BREAKDOWN_SIZE,
    },
  ],
  sourceLists: [
    ...DATA_USAGE_SOURCES.map((d) => list(d)),
    { id: 'cachedUri', dimension: 'uri', filters: [SERVED_FROM_CACHE] },
    { id: 'uncachedUri', dimension: 'uri', filters: [SERVED_FROM_ORIGIN] },
  ],
  activityLog: false,
};

export const DASHBOARD_TABS: Readonly<Record<DashboardTabId, DashboardTab>> = {
  overview,
  dataUsage,
  dataTransfer,
  webProtection,
  firewall,
  acceleration,
};
