import {
  toStoredEvent,
  EVENT_TYPE_WAF,
  type EvaluatedRule,
  type EventCacheStatus,
  type EventRecord,
  type StoredEvent,
  type WafOwaspCategory,
  type WafProxyType,
} from '@parapet/shared';
import { FLOOD_SHARE, FLOOD_SOURCES_PER_LINE, FloodBursts, floodIn } from './flood-bursts.js';
import { LineFirewall } from './line-firewall.js';
import { Random, Weighted } from './prng.js';
import {
  API_ENDPOINTS,
  ASSET_KINDS,
  BROWSERS,
  CACHED_STATUSES,
  COUNTRIES,
  CRAWLERS,
  DATA_CENTRES,
  FLOOD_PROXY_TYPES,
  ORIGIN_STATUSES,
  PAGE_CACHE,
  PAGE_SECTIONS,
  PAGE_WORDS,
  PROTOCOLS,
  REFERERS,
  REQUEST_KIND_WEIGHTS,
  SCANNER_PATHS,
  SQLI_ARGS,
  TOOLS,
  XSS_ARGS,
  type AssetKind,
  type RequestKind,
} from './traffic-catalog.js';

/**
 * The simulator's traffic (issue 13 item 3; docs/simulator.md): request events for the lines that
 * exist, each decided by the shared firewall evaluator against the line's own rules. Pure: the
 * same seed, lines and timestamps give the same events, byte for byte.
 */

/** A service line as the simulator sends traffic to it. */
export interface SimulatedLine {
  groupName: string;
  /** The line's customer package, which the store keeps with each of its events. */
  customerPackage: string;
  lineName: string;
  domains: readonly string[];
  /** The line's rules in order, with its switches. */
  rules: readonly EvaluatedRule[];
}

export interface GeneratedEvent {
  record: EventRecord;
  line: SimulatedLine;
}

export interface TrafficGenerator {
  /**
   * The next request, made at `timestamp` (epoch ms). A flood's request lands in its burst, so
   * its record's timestamp may be earlier or later than `timestamp`, within the same window.
   */
  next(timestamp: number): GeneratedEvent;
  /**
   * Takes the lines and rules as they are now (a live run reloads them): a line kept keeps its
   * visitors and the rates and blocks counted so far, with its new domains and rules.
   */
  update(lines: readonly SimulatedLine[]): void;
}

export interface TrafficOptions {
  seed: number;
  lines: readonly SimulatedLine[];
  /**
   * Numbers that make this run's req_ids its own beside other runs of the same seed: a back-fill
   * gives its end and span, a live run its start. The same seed and salt give the same ids.
   */
  idSalt?: readonly number[];
  /** The run's events a second, which sizes each flood's burst; unknown, flood times stay as given. */
  eventsPerSecond?: number;
  /** The times the run covers, which bursts stay inside (a live run has no end). */
  span?: { from: number; to: number };
}

/** Distinct visitors per line: enough for believable top-N lists, few enough that regulars recur. */
export const CLIENTS_PER_LINE = 20_000;

interface Client {
  ip: string;
  country: string;
  isp: string;
  userAgent: string;
  language: string;
  proxyType: WafProxyType | '';
}

interface LinePlan {
  line: SimulatedLine;
  firewall: LineFirewall;
  clients: Weighted<Client>;
  crawlers: Client[];
  attackers: Client[];
  floods: Client[];
  pages: string[];
  assets: Array<{ path: string; kind: AssetKind; bytes: number }>;
  origin: string;
}

const address = (random: Random, prefix: readonly [number, number]): string =>
  `${prefix[0]}.${prefix[1]}.${random.int(0, 255)}.${random.int(1, 254)}`;

function dataCentreClient(random: Random, userAgent: string, proxyType: WafProxyType): Client {
  const dc = random.pick(DATA_CENTRES);
  return { ip: address(random, dc.prefix), country: dc.country, isp: dc.isp, userAgent, language: '', proxyType };
}

function planLine(line: SimulatedLine, random: Random): LinePlan {
  const countries = new Weighted(COUNTRIES.map((c) => [c, c.weight] as const));
  const browsers = new Weighted(BROWSERS);
  // A few regulars make most requests (Zipf-like weights), as on a real site.
  const clients: Array<readonly [Client, number]> = [];
  for (let i = 0; i < CLIENTS_PER_LINE; i++) {
    const country = countries.draw(random);
    const isp = new Weighted(country.isps.map((n) => [n, n.weight] as const)).draw(random);
    const client: Client = {
      ip: address(random, random.pick(isp.prefixes)),
      country: country.code,
      isp: isp.name,
      userAgent: browsers.draw(random),
      language: random.pick(country.languages),
      proxyType: random.chance(0.02) ? 'vpn' : '',
    };
    clients.push([client, 1 / (i + 10)]);
  }
  const crawlers = new Weighted(CRAWLERS);
  const pages = ['/'];
  for (const section of PAGE_SECTIONS) {
    pages.push(`/${section}`);
    for (let i = 0; i < 40; i++) pages.push(`/${section}/${random.pick(PAGE_WORDS)}-${random.pick(PAGE_WORDS)}-${i}`);
  }
  const kinds = new Weighted(ASSET_KINDS.map((k) => [k, k.weight] as const));
  const assets = Array.from({ length: 300 }, (_, i) => {
    const kind = kinds.draw(random);
    return {
      path: `/${kind.folder}/${random.pick(PAGE_WORDS)}-${i}.${random.hex(8)}.${kind.extension}`,
      kind,
      bytes: Math.round(random.logUniform(kind.bytes[0], kind.bytes[1])),
    };
  });
  return {
    line,
    firewall: new LineFirewall(line.rules),
    clients: new Weighted(clients),
    crawlers: Array.from({ length: 12 }, () => dataCentreClient(random, crawlers.draw(random), 'ces')),
    attackers: Array.from({ length: 40 }, () => dataCentreClient(random, random.pick(TOOLS), 'dch')),
    floods: Array.from({ length: FLOOD_SOURCES_PER_LINE }, () =>
      dataCentreClient(random, random.pick(TOOLS.slice(0, 3)), random.pick(FLOOD_PROXY_TYPES)),
    ),
    pages,
    assets,
    origin: `198.51.100.${random.int(1, 254)}:443`,
  };
}

/** What the request looks like before the firewall and the origin have their say. */
interface Draft {
  kind: RequestKind;
  client: Client;
  method: string;
  uri: string;
  args: string;
  accept: string;
  asset: { kind: AssetKind; bytes: number } | undefined;
  owasp: WafOwaspCategory[];
  /** Which of the line's flood addresses sends it (a flood only). */
  floodAddress: number;
}

const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const NO_FLAGS: WafOwaspCategory[] = [];
const SCANNER_FLAGS: WafOwaspCategory[] = ['35000_user_agent'];
const SQLI_FLAGS: WafOwaspCategory[] = ['41000_sqli', '40000_generic_attack'];
const XSS_FLAGS: WafOwaspCategory[] = ['42000_xss', '40000_generic_attack'];
const apiEndpoints = new Weighted(
  API_ENDPOINTS.map(([method, path, weight]) => [[method, path] as const, weight] as const),
);

function draftRequest(plan: LinePlan, kind: RequestKind, random: Random): Draft {
  // Every branch fills every field, in the same order: one object shape keeps this hot path fast.
  switch (kind) {
    case 'page':
      return {
        kind,
        client: plan.clients.draw(random),
        method: 'GET',
        uri: random.pick(plan.pages),
        args: random.chance(0.15) ? `utm_source=${random.pick(PAGE_WORDS)}` : '',
        accept: HTML_ACCEPT,
        asset: undefined,
        owasp: NO_FLAGS,
        floodAddress: -1,
      };
    case 'asset': {
      // Popular files are asked for far more often: square the draw towards the front.
      const asset = plan.assets[Math.floor(random.next() ** 2 * plan.assets.length)]!;
      return {
        kind,
        client: plan.clients.draw(random),
        method: 'GET',
        uri: asset.path,
        args: '',
        accept: asset.kind.accept,
        asset,
        owasp: NO_FLAGS,
        floodAddress: -1,
      };
    }
    case 'api': {
      const [method, uri] = apiEndpoints.draw(random);
      return {
        kind,
        client: plan.clients.draw(random),
        method,
        uri,
        args: '',
        accept: 'application/json',
        asset: undefined,
        owasp: NO_FLAGS,
        floodAddress: -1,
      };
    }
    case 'crawler':
      return {
        kind,
        client: random.pick(plan.crawlers),
        method: 'GET',
        uri: random.pick(plan.pages),
        args: '',
        accept: '*/*',
        asset: undefined,
        owasp: NO_FLAGS,
        floodAddress: -1,
      };
    case 'scanner':
      return {
        kind,
        client: random.pick(plan.attackers),
        method: random.chance(0.8) ? 'GET' : 'POST',
        uri: random.pick(SCANNER_PATHS),
        args: '',
        accept: '*/*',
        asset: undefined,
        owasp: random.chance(0.6) ? SCANNER_FLAGS : NO_FLAGS,
        floodAddress: -1,
      };
    case 'sqli':
    case 'xss':
      return {
        kind,
        client: random.chance(0.7) ? random.pick(plan.attackers) : plan.clients.draw(random),
        method: 'GET',
        uri: random.pick(plan.pages),
        args: random.pick(kind === 'sqli' ? SQLI_ARGS : XSS_ARGS),
        accept: '*/*',
        asset: undefined,
        owasp: kind === 'sqli' ? SQLI_FLAGS : XSS_FLAGS,
        floodAddress: -1,
      };
    case 'flood': {
      const floodAddress = Math.floor(random.next() * plan.floods.length);
      return {
        kind,
        client: plan.floods[floodAddress]!,
        method: random.chance(0.7) ? 'GET' : 'POST',
        uri: random.chance(0.6) ? '/' : '/api/v1/login',
        args: '',
        accept: '*/*',
        asset: undefined,
        owasp: NO_FLAGS,
        floodAddress,
      };
    }
  }
}

const kindWeights = new Weighted(Object.entries(REQUEST_KIND_WEIGHTS) as Array<[RequestKind, number]>);
const originStatuses = new Weighted(ORIGIN_STATUSES);
const cachedStatuses = new Weighted(CACHED_STATUSES);
const protocols = new Weighted(PROTOCOLS);
const referers = new Weighted(REFERERS);
const pageCache = new Weighted(PAGE_CACHE);
const assetCaches = new Map(ASSET_KINDS.map((kind) => [kind, new Weighted(kind.cache)]));

/** Seconds, rounded to the millisecond as nginx logs them. */
const seconds = (value: number): number => Math.round(value * 1000) / 1000;

function originAnswer(
  draft: Draft,
  random: Random,
): { status: number; cache: EventCacheStatus; bytes: number; upstream: number | null } {
  if (draft.kind === 'scanner')
    return {
      status: random.chance(0.9) ? 404 : 403,
      cache: '-',
      bytes: random.int(150, 600),
      upstream: random.logUniform(0.005, 0.08),
    };
  if (draft.asset) {
    const cache = assetCaches.get(draft.asset.kind)!.draw(random);
    const notModified = random.chance(0.06);
    const status = notModified ? 304 : 200;
    const bytes = notModified ? random.int(180, 400) : draft.asset.bytes;
    const fromCache = cache === 'HIT' || cache === 'STALE' || cache === 'UPDATING';
    return { status, cache, bytes, upstream: fromCache ? null : random.logUniform(0.01, 0.6) };
  }
  const cache = draft.kind === 'page' ? pageCache.draw(random) : '-';
  const status = (cache === 'HIT' ? cachedStatuses : originStatuses).draw(random);
  const bytes = draft.kind === 'api' ? random.int(120, 8_000) : Math.round(random.logUniform(8_000, 90_000));
  return { status, cache, bytes, upstream: cache === 'HIT' ? null : random.logUniform(0.02, 1.2) };
}

/** Eight hex digits from the seed and the salt: the first part of every req_id of the run. */
function saltPrefix(seed: number, salt: readonly number[]): string {
  let h = seed >>> 0;
  for (const value of salt) {
    // Both halves of a value past 32 bits (an epoch ms) count.
    for (const word of [value >>> 0, Math.floor(value / 2 ** 32) >>> 0]) {
      h = Math.imul(h ^ word, 0x85ebca6b);
      h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) ^ (h >>> 16);
    }
  }
  return new Random(h).hex(8);
}

const lineKey = (line: SimulatedLine): string => `${line.groupName}\u0000${line.lineName}`;

/**
 * A generator for these lines: lines without domains get no traffic, and a busier line is one
 * earlier in the list (each line half as busy as the one before, floored at a tenth).
 */
export function createTrafficGenerator(options: TrafficOptions): TrafficGenerator {
  const random = new Random(options.seed);
  let plans: LinePlan[] = [];
  let pickLine: Weighted<number>;
  let shares: number[] = [];
  const setLines = (lines: readonly SimulatedLine[]): void => {
    const withDomains = lines.filter((line) => line.domains.length > 0);
    if (withDomains.length === 0) throw new Error('no service line with a domain to send traffic to');
    const kept = new Map(plans.map((plan) => [lineKey(plan.line), plan]));
    plans = withDomains.map((line) => {
      const plan = kept.get(lineKey(line));
      if (!plan) return planLine(line, random);
      const sameRules = JSON.stringify(plan.line.rules) === JSON.stringify(line.rules);
      return { ...plan, line, firewall: sameRules ? plan.firewall : new LineFirewall(line.rules, plan.firewall) };
    });
    const weights = plans.map((_, i) => Math.max(0.1, 0.5 ** i));
    const total = weights.reduce((a, b) => a + b, 0);
    shares = weights.map((weight) => weight / total);
    pickLine = new Weighted(weights.map((weight, i) => [i, weight] as const));
  };
  setLines(options.lines);
  const { eventsPerSecond } = options;
  const bursts = new FloodBursts(options.seed, options.span ?? { from: -Infinity, to: Infinity }, (lineIndex) =>
    eventsPerSecond === undefined
      ? undefined
      : (eventsPerSecond * shares[lineIndex]! * FLOOD_SHARE) / FLOOD_SOURCES_PER_LINE,
  );
  let counter = 0;
  const idPrefix = saltPrefix(options.seed, options.idSalt ?? []) + random.hex(8);

  return {
    update: setLines,
    next(slot) {
      const lineIndex = pickLine.draw(random);
      const plan = plans[lineIndex]!;
      const flooding = floodIn(options.seed, lineIndex, slot) && random.chance(FLOOD_SHARE);
      const draft = draftRequest(plan, flooding ? 'flood' : kindWeights.draw(random), random);
      const timestamp = flooding ? bursts.place(lineIndex, draft.floodAddress, slot) : slot;
      const { client } = draft;
      const host = random.pick(plan.line.domains);
      const scheme = random.chance(0.93) ? 'https' : 'http';
      const referer = draft.kind === 'page' || draft.kind === 'asset' ? referers.draw(random) : '';
      const headers: Record<string, string> = {
        host,
        'user-agent': client.userAgent,
        accept: draft.accept,
        'accept-encoding': 'gzip, deflate, br',
      };
      if (client.language) headers['accept-language'] = client.language;
      if (referer) headers['referer'] = draft.kind === 'asset' ? `${scheme}://${host}/` : referer;
      const decision = plan.firewall.decide(
        {
          method: draft.method,
          scheme,
          host,
          uri: draft.uri,
          args: draft.args,
          headers,
          clientIp: client.ip,
          country: client.country,
          isp: client.isp,
          ...(client.proxyType ? { proxyType: client.proxyType } : {}),
          owasp: draft.owasp,
        },
        timestamp,
      );
      // A refused, redirected or challenged request never reaches the origin or the cache.
      const origin = decision.stopped ? null : originAnswer(draft, random);
      const upstream = origin?.upstream ?? null;
      const edgeTime = random.logUniform(0.0005, 0.01);
      const { action } = decision;
      const port = scheme === 'https' ? 443 : 80;
      counter += 1;
      const record: EventRecord = {
        req_id: `${idPrefix}${random.hex(16)}${counter.toString(36)}`,
        timestamp,
        server_name: host,
        host,
        scheme,
        method: draft.method,
        server_port: port,
        uri: draft.uri,
        args: draft.args,
        request_url: `${scheme}://${host}${draft.uri}${draft.args ? `?${draft.args}` : ''}`,
        server_protocol: protocols.draw(random),
        req_headers: headers,
        client_ip: client.ip,
        user_agent: client.userAgent,
        country: client.country,
        isp: client.isp,
        proxy_type: client.proxyType,
        action,
        type: action === '' ? '' : EVENT_TYPE_WAF,
        rule: decision.rule,
        reason: decision.reason,
        status: origin ? origin.status : decision.status,
        upstream_status: upstream === null ? null : origin!.status,
        request_time: seconds((upstream ?? 0) + edgeTime),
        upstream_response_time: upstream === null ? null : seconds(upstream),
        bytes_sent: origin ? origin.bytes : random.int(300, 2_000),
        cache_status: origin ? origin.cache : '-',
        origin_host_resolve: upstream === null ? '' : plan.origin,
      };
      return { record, line: plan.line };
    },
  };
}

/** The record as the store keeps it, with its line's group and customer package. */
export const storedEvent = ({ record, line }: GeneratedEvent): StoredEvent =>
  toStoredEvent(record, { group_name: line.groupName, customer_package: line.customerPackage });

/**
 * `count` timestamps spread over [from, to), in order: one per equal slot, placed at random
 * inside it, so the traffic is even over the span and arrives sorted, as an edge's log would.
 */
export function* spreadTimestamps(count: number, from: number, to: number, seed: number): Generator<number> {
  const random = new Random(seed ^ 0x5bd1e995);
  const slot = (to - from) / count;
  for (let i = 0; i < count; i++) yield Math.floor(from + (i + random.next()) * slot);
}
