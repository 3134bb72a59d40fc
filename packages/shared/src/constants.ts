/**
 * Business constants and limits of spec §9. Every other file reads them from here; none of
 * these numbers may appear as a literal elsewhere.
 */

/** Ports a listener may use (spec §5 Ports). */
export const PORT_MIN = 1;
export const PORT_MAX = 65534;
export const DEFAULT_HTTP_PORT = 80;
export const DEFAULT_HTTPS_PORT = 443;
/** DNS limits (RFC 1035): a label at most 63 characters, a whole name at most 253. */
export const DOMAIN_LABEL_MAX_LENGTH = 63;
export const DOMAIN_MAX_LENGTH = 253;
/** HTTP listen ports a service line may choose from. */
export const ALLOWED_HTTP_PORTS = [80, 8080, 8880, 2052, 2082, 2086, 2095] as const;
/** HTTPS listen ports: 443 and these inclusive ranges, minus the chosen HTTP ports. */
export const ALLOWED_HTTPS_PORT_RANGES = [
  [443, 443],
  [1001, 4999],
  [6001, 32767],
] as const;

export const ORIGIN_WEIGHT_MIN = 1;
export const ORIGIN_WEIGHT_MAX = 100;

/** Maximum upload size of a service line, in MB. */
export const MAX_UPLOAD_SIZE_MIN = 1;
export const MAX_UPLOAD_SIZE_MAX = 100;
export const MAX_UPLOAD_SIZE_DEFAULT = 1;

/** WAF speed limit in KB/s. */
export const SPEED_LIMIT_MIN = 1;
export const SPEED_LIMIT_MAX = 102400;
export const SPEED_LIMIT_DEFAULT = 10240;

/** WAF block period in seconds; the upper bound is a plan limit (ARCHITECTURE §5). */
export const BLOCK_PERIOD_MIN = 5;
export const BLOCK_PERIOD_MAX_BASIC = 3600;
export const BLOCK_PERIOD_MAX_EXTENDED = 86400;
export const BLOCK_PERIOD_DEFAULT = 300;

export const UPSTREAM_TIMEOUT_DEFAULT = 60;
export const PROXY_BUFFER_SIZE_DEFAULT = 4;
export const REDIRECT_HTTP_CODE_DEFAULT = 302;
export const CACHE_EXP_DEFAULT = '1d';
export const CACHE_SRVEXP_DEFAULT = '1d';
export const CACHE_HOTTIME_DEFAULT = 1;
/** HTTP/1.0 requests are refused unless a line opts in. */
export const ACCEPT_HTTP_V1_DEFAULT = false;

/** Rows a line's Firewall Rules card shows until "Show More" is pressed (GLOSSARY §1.4). */
export const LINE_RULES_SHOWN = 10;

/** Dashboard charts. */
export const CHART_TERM_SIZE = 10;
export const DATE_RANGE_DEFAULT_INDEX = 4;
/** Time ranges in minutes, by index; the last index is the custom range. */
export const TIME_RANGE_MINUTES = [5, 60, 180, 360, 1440, 4320] as const;
export const TIME_RANGE_CUSTOM_INDEX = TIME_RANGE_MINUTES.length;
/** Default zoom window: 3 days. */
export const ZOOM_DEFAULT_MINUTES = 4320;
/** A custom range starts at most this many days back and ends at most this many days ahead (GLOSSARY §8.2). */
export const CUSTOM_RANGE_MAX_DAYS_BACK = 44;
export const CUSTOM_RANGE_MAX_DAYS_AHEAD = 1;

/** How long a toast stays on screen. */
export const TOAST_DURATION_MS = 5000;

export const DEFAULT_PLAN = 'basic';
/** WAF action codes the basic plan allows. */
export const BASIC_PLAN_WAF_ACTIONS = ['00', '01', '06', '12', '13'] as const;
