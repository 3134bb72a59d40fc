import type { Kysely, Transaction } from 'kysely';
import type { CountedLimit, DeployEntity, ErrorCode, LineStatus } from '@parapet/shared';
import type { Config } from '../env.js';
import type { EdgeChange } from '../modules/edge/snapshot.js';
import type { Database } from '../db/schema.js';
import type { AppError } from '../lib/app-error.js';

/** The tables of deployed kinds; each has the columns of `ItemRow`. */
export type KindTable = 'certs' | 'html_pages' | 'origin_policies' | 'service_lines' | 'waf_rules';

/** What every deployed kind's row has, whatever else it keeps. */
export interface ItemRow {
  id: string;
  group_name: string;
  /** Running, Deploying, or (for a kind kept until removed) Deleting. */
  status: LineStatus;
  last_error: string | null;
  version: number;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface PublishContext {
  db: Kysely<Database>;
  config: Config;
  /** The task's change to the edge's records, applied once the publisher returns (edge/publish.ts). */
  edge: EdgeChange;
  /** Work that waits until the edge has taken the change (a removed line's row goes then). */
  afterApply: Array<() => Promise<void>>;
}

/**
 * How one kind reaches the edge: `publish` writes what the edge serves for it (read from the
 * entity's current row) and `remove` takes it away.
 */
export interface Publisher {
  publish(ctx: PublishContext, entityId: string): Promise<void>;
  remove(ctx: PublishContext, entityId: string): Promise<void>;
  /** Clears cached objects (service lines only); `payload` is what the task was given. */
  purge?(ctx: PublishContext, entityId: string, payload: unknown, taskNo: string): Promise<void>;
}

/**
 * The places a kind adds its own steps to the one write path. `Checked` is what the caller's
 * store checks found before the transaction (a service line: the items it uses), handed on
 * to `written`.
 */
export interface KindHooks<Row extends ItemRow, Checked> {
  /** In the transaction, once the row is written: the rows that depend on it (domains, references, health). */
  written?(trx: Transaction<Database>, row: Row, before: Row | null, checked: Checked, actor: string): Promise<void>;
  /** In the transaction, once the row's own task is queued: tasks of what depends on it. */
  queued?(trx: Transaction<Database>, row: Row): Promise<void>;
  /** By column, the answer when another unique key than the name is already held (a line's domains). */
  uniqueKeys?: Record<string, () => AppError>;
}

/** One deployed kind: everything the write path, the worker and the quota page need of it. */
export interface DeployedKind<Row extends ItemRow = ItemRow, Checked = unknown> {
  entity: DeployEntity;
  table: KindTable;
  /** The column unique within a group, and the API field it is. */
  nameColumn: string;
  nameField: string;
  /**
   * The answer to a change while its task is in flight: an error code ("Cert is being
   * deployed...", spec §8), or null for an empty taskNo (service lines, spec §4).
   */
  deployingCode: ErrorCode | null;
  /** The row stays (Deleting) until the edge has dropped it, and its publisher deletes it. */
  keptUntilRemoved?: boolean;
  /** Counted against the group plan's limit, as `count` counts it. */
  quota?: {
    limit: CountedLimit;
    count(db: Kysely<Database> | Transaction<Database>, groupName: string): Promise<number>;
    /** The answer when the limit is reached; WAF rules say so in their own words (spec §8). */
    error?: 'QUOTA_EXCEEDED' | 'NO_RULES_AVAILABLE';
  };
  publisher: Publisher;
  /** What the audit log keeps of a row (never secrets, never bulky content). */
  auditView(row: Row): object;
  /** The row's name (its `nameColumn`), for tasks and clashes. */
  nameOf(row: Row): string;
  hooks?: KindHooks<Row, Checked>;
}

/**
 * The registry of deployed kinds, filled once at start from the explicit list in app.ts. The
 * worker finds publishers here, the write path tables and codes, the quota page its counters.
 */
const kinds = new Map<DeployEntity, DeployedKind>();

export function registerDeployedKinds(list: readonly DeployedKind[]): void {
  for (const kind of list) {
    const known = kinds.get(kind.entity);
    // Several apps in one process (tests) register the same entries; two different ones is a bug.
    if (known && known !== kind) throw new Error(`two deployed kinds for ${kind.entity}`);
    kinds.set(kind.entity, kind);
  }
}

export function deployedKind(entity: DeployEntity): DeployedKind {
  const kind = kinds.get(entity);
  if (!kind) throw new Error(`no deployed kind ${entity}`);
  return kind;
}

export const deployedKinds = (): DeployedKind[] => [...kinds.values()];
