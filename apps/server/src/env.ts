import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DUCKDB_MEMORY_LIMIT, DUCKDB_READ_LIMITS, DUCKDB_READERS } from './modules/event-store/duckdb-settings.js';
import type { ReadPoolLimits } from './modules/event-store/read-pool.js';

/**
 * The only place that reads the process environment (STYLE.md habit 6). Every setting is
 * parsed and checked once at start; a bad value stops the server with a clear message.
 */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
  REDIS_KEY: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'REDIS_KEY must be 1-64 letters, digits, _ . : or -')
    .default('socket.io'),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must have at least 8 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'SECRET_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  HOME_PAGE_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LANDING_PAGE_PATH: z
    .string()
    .regex(/^\/[\w/-]*$/, 'LANDING_PAGE_PATH must be a console path such as /service-lines')
    .default('/home'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  CNAME_ZONE: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'CNAME_ZONE must be a DNS zone such as cdn.example.net')
    .default('edge.parapet.localhost'),
  DNS_RESOLVERS: z
    .string()
    .regex(
      /^[^,\s]+(,[^,\s]+)*$/,
      'DNS_RESOLVERS must be a comma-separated list such as 1.1.1.1,8.8.8.8 or 127.0.0.1:5353',
    )
    .optional(),
  EDGE_SETTLE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The nginx the edge runs (docs/edge.md): a path, `auto` (Debian's, when installed) or `off`. */
  EDGE_NGINX: z.string().min(1).default('auto'),
  EDGE_PORT_OFFSET: z.coerce.number().int().min(0).max(55_000).default(10_000),
  EDGE_LISTEN_ADDRESS: z.string().min(1).default('127.0.0.1'),
  EDGE_CONTROL_PORT: z.coerce.number().int().min(1).max(65_535).default(9180),
  EDGE_REAL_IP_FROM: z
    .string()
    .regex(/^[^,\s]+(,[^,\s]+)*$/, 'EDGE_REAL_IP_FROM must be a comma-separated list of addresses or networks')
    .optional(),
  /** `npm run edge` ships its access log to the console's ingest with this token (docs/edge.md). */
  EDGE_INGEST_TOKEN: z.string().min(1).optional(),
  EDGE_CONSOLE_URL: z.string().url().optional(),
  EDGE_WORKERS: z
    .string()
    .regex(/^(auto|[1-9]\d?)$/, 'EDGE_WORKERS must be auto or a number of processes')
    .default('auto'),
  DEPLOY_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** How long a claimed deploy task stays this server's without renewal (renewed while it runs). */
  DEPLOY_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  HEALTH_CHECKS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  ALLOW_PRIVATE_ORIGINS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  GEOIP_COUNTRY_DB: z.string().min(1).optional(),
  GEOIP_ASN_DB: z.string().min(1).optional(),
  CLICKHOUSE_URL: z
    .string()
    .regex(
      /^https?:\/\//,
      'CLICKHOUSE_URL must be an http:// or https:// URL such as http://default:@127.0.0.1:8123/parapet',
    )
    .optional(),
  /** DuckDB's memory ceiling for the embedded event store (docs/soak.md). */
  DUCKDB_MEMORY_LIMIT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(KB|MB|GB|KiB|MiB|GiB)$/i, 'DUCKDB_MEMORY_LIMIT must be a size such as 512MB or 1GB')
    .default(DUCKDB_MEMORY_LIMIT),
  DUCKDB_READERS: z.coerce.number().int().min(1).max(16).default(DUCKDB_READERS),
  DUCKDB_READ_QUEUE: z.coerce.number().int().min(0).max(10_000).default(DUCKDB_READ_LIMITS.maxWaiting),
  DUCKDB_READ_WAIT_MS: z.coerce.number().int().min(100).max(600_000).default(DUCKDB_READ_LIMITS.maxWaitMs),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres:// URL, or undefined for the embedded SQLite file under dataDir. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /**
   * Prefix of the Redis channels socket events travel on: installations (or test runs) sharing
   * one Redis each need their own, or each hears the other's events.
   */
  redisKey: string;
  /** Origin used in mailed links; never taken from a request's Host header. */
  publicUrl: string;
  smtpUrl: string | undefined;
  /** Sender of account mail. */
  mailFrom: string;
  admin: { username: string; password: string | undefined; email: string };
  /** 32-byte key that encrypts stored private keys. */
  secretKey: Buffer;
  logLevel: (typeof LOG_LEVELS)[number];
  session: { idleMs: number; absoluteMs: number };
  trustProxy: boolean;
  /** Where users land (spec §6): /home when the home page is on, else landingPagePath. */
  prefs: { hasHomePage: boolean; landingPagePath: string; groupListWithAll: boolean };
  /** Folder of the built console, served with history fallback. */
  webRoot: string;
  /** Where deploy tasks write what the edge serves (ARCHITECTURE §7): DATA_DIR/edge. */
  edgeDir: string;
  /** The zone under which each service line gets the name its domains point at (CNAME). */
  cnameZone: string;
  /** Resolvers Check CNAME asks (host or host:port); the system's own when unset. */
  dnsResolvers: string[] | undefined;
  /**
   * How long a deploy task waits after writing the edge files before it reports success: the
   * time edge nodes are given to load them (0 for a single local edge).
   */
  edgeSettleMs: number;
  /** The local edge (docs/edge.md): nginx compiled from what deploy tasks publish. */
  edge: {
    /** The nginx binary; null when there is none, and tasks then only write the records. */
    nginx: string | null;
    portOffset: number;
    listenAddress: string;
    controlPort: number;
    realIpFrom: string[];
    workers: number | 'auto';
    luaDir: string;
    /** Where `npm run edge` sends its access log, and the ingest token it sends it with. */
    ingest: { consoleUrl: string; token: string | undefined };
  };
  /** Background work this server takes part in; every server may run both. */
  workers: {
    deploy: boolean;
    healthChecks: boolean;
    /**
     * A claimed task's lease: renewed while its server runs it, so only a server that stopped
     * (killed, cut off) loses it; another server then takes the task over once it runs out.
     */
    deployLeaseMs: number;
  };
  /**
   * Whether origins may be loopback, private, link-local or metadata addresses. Off, so that
   * a member cannot make the console probe its own network; tests and local development
   * turn it on.
   */
  allowPrivateOrigins: boolean;
  /** mmdb file of client countries; undefined for the one shipped with the server's package. */
  geoipCountryDb: string | undefined;
  /**
   * mmdb file of client ISPs (`autonomous_system_organization`), read by ingest and the local
   * edge; undefined for the packaged CSVs (ingest) and an mmdb built from them (the edge).
   */
  geoipAsnDb: string | undefined;
  /** ClickHouse HTTP URL of the request-event store (the scale path); undefined for DuckDB under dataDir. */
  clickhouseUrl: string | undefined;
  /**
   * The embedded DuckDB event store: its memory ceiling, its read connections beside the writing
   * one, and how many reads may wait for one and for how long before a read is answered 503.
   */
  duckdb: { memoryLimit: string; readers: number; readLimits: ReadPoolLimits };
}

export class ConfigError extends Error {}

/** Where the built console lives: apps/web/dist, seen from apps/server/src or apps/server/dist. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The edge's Lua, seen from apps/server/src or apps/server/dist. */
export const DEFAULT_EDGE_LUA_DIR = fileURLToPath(new URL('../edge/lua', import.meta.url));
const DEBIAN_NGINX = '/usr/sbin/nginx';

function edgeNginx(setting: string): string | null {
  if (setting === 'off') return null;
  if (setting === 'auto') return existsSync(DEBIAN_NGINX) ? DEBIAN_NGINX : null;
  return path.resolve(setting);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKey: e.REDIS_KEY,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Parapet <no-reply@${new URL(publicUrl).hostname}>`,
    admin: {
      username: e.ADMIN_USERNAME,
      password: e.ADMIN_PASSWORD,
      email: e.ADMIN_EMAIL ?? `${e.ADMIN_USERNAME}@localhost`,
    },
    secretKey: e.SECRET_KEY ? Buffer.from(e.SECRET_KEY, 'hex') : loadOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    trustProxy: e.TRUST_PROXY,
    prefs: { hasHomePage: e.HOME_PAGE_ENABLED, landingPagePath: e.LANDING_PAGE_PATH, groupListWithAll: true },
    webRoot: DEFAULT_WEB_ROOT,
    edgeDir: path.join(dataDir, 'edge'),
    cnameZone: e.CNAME_ZONE,
    dnsResolvers: e.DNS_RESOLVERS?.split(','),
    edgeSettleMs: e.EDGE_SETTLE_MS,
    edge: {
      nginx: edgeNginx(e.EDGE_NGINX),
      portOffset: e.EDGE_PORT_OFFSET,
      listenAddress: e.EDGE_LISTEN_ADDRESS,
      controlPort: e.EDGE_CONTROL_PORT,
      realIpFrom: e.EDGE_REAL_IP_FROM ? e.EDGE_REAL_IP_FROM.split(',') : [],
      workers: e.EDGE_WORKERS === 'auto' ? 'auto' : Number(e.EDGE_WORKERS),
      luaDir: DEFAULT_EDGE_LUA_DIR,
      ingest: { consoleUrl: e.EDGE_CONSOLE_URL ?? `http://127.0.0.1:${e.PORT}`, token: e.EDGE_INGEST_TOKEN },
    },
    workers: { deploy: e.DEPLOY_WORKER, healthChecks: e.HEALTH_CHECKS, deployLeaseMs: e.DEPLOY_LEASE_MS },
    allowPrivateOrigins: e.ALLOW_PRIVATE_ORIGINS,
    geoipCountryDb: e.GEOIP_COUNTRY_DB && path.resolve(e.GEOIP_COUNTRY_DB),
    geoipAsnDb: e.GEOIP_ASN_DB && path.resolve(e.GEOIP_ASN_DB),
    clickhouseUrl: e.CLICKHOUSE_URL,
    duckdb: {
      memoryLimit: e.DUCKDB_MEMORY_LIMIT,
      readers: e.DUCKDB_READERS,
      readLimits: { maxWaiting: e.DUCKDB_READ_QUEUE, maxWaitMs: e.DUCKDB_READ_WAIT_MS },
    },
  };
}

/**
 * Without SECRET_KEY the embedded install keeps its own key beside its data, so a restart can
 * still read what it encrypted. Servers sharing one PostgreSQL must all be given SECRET_KEY.
 */
function loadOrCreateSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
