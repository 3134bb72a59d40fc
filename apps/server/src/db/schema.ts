import type { Generated } from 'kysely';
import type {
  AuditAction,
  DeployEntity,
  EntityStatus,
  LineStatus,
  OriginHealthState,
  RidColor,
  RidPosition,
  TaskOperation,
  TaskState,
  WafActionCode,
} from '@parapet/shared';

/**
 * Table types of the store. Times are epoch milliseconds (bigint on PostgreSQL, integer on
 * SQLite), flags are 0/1 integers and structured values are JSON text, so one set of queries
 * runs unchanged on both engines.
 */
export interface UsersTable {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  privilege: 'admin' | 'user';
  phone_number: string | null;
  email_confirmed: number;
  otp_secret: string | null;
  otp_enabled: number;
  /** Sealed secret of a two-factor setup not yet confirmed with a code. */
  otp_pending_secret?: string | null;
  /** Time step of the last accepted one-time password: a code is accepted once per step. */
  otp_last_step?: number | null;
  /** 1 when an administrator has disabled the account. */
  disabled?: number;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token. */
  id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  /** Absolute expiry; the idle limit is checked against last_seen_at. */
  expires_at: number;
  ip: string | null;
  user_agent: string | null;
}

export interface GroupsTable {
  name: string;
  /** Kept across renames, never reused: what the socket's rooms are keyed by. */
  id: string | null;
  plan: string;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
}

export interface GroupMembersTable {
  group_name: string;
  user_id: string;
  /** JSON of RolePermissions. */
  role_permissions: string;
  created_at: number;
}

export type TokenPurpose = 'confirm_email' | 'reset_password' | 'reset_otp';

export interface UserTokensTable {
  /** SHA-256 of the mailed token. */
  id: string;
  user_id: string;
  purpose: TokenPurpose;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface UserAvatarsTable {
  user_id: string;
  mime: string;
  /** base64 of the image bytes: one column type on both engines. */
  data: string;
  updated_at: number;
}

export interface AuditLogTable {
  id: string;
  at: number;
  actor: string;
  group_name: string | null;
  entity: string;
  entity_id: string;
  action: AuditAction;
  /** JSON of the entity before and after, secrets removed. */
  before: string | null;
  after: string | null;
}

/** The columns every deployable item of a group has (certificates, policies, pages). */
interface DeployedItemColumns {
  id: string;
  group_name: string;
  status: EntityStatus;
  /** Why the last deployment failed; the previous version stays live. */
  last_error: string | null;
  created_by: string;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
}

export interface CertsTable extends DeployedItemColumns {
  keypairname: string;
  pem: string;
  /** The private key, sealed with SECRET_KEY; never sent to a client. */
  key_sealed: string;
  pem_file_name: string | null;
  key_file_name: string | null;
  common_name: string;
  issuer_common_name: string;
  /** JSON list of subject alternative names. */
  san: string;
  validity_start: number;
  validity_end: number;
  email_address: string | null;
  chain_length: number;
}

export interface OriginPoliciesTable extends DeployedItemColumns {
  policy_name: string;
  /** JSON of OriginPolicySettings. */
  settings: string;
}

export interface HtmlPagesTable extends DeployedItemColumns {
  html_page_name: string;
  content: string;
  file_name: string | null;
  rid_position: RidPosition;
  rid_color: RidColor;
  /** 1 for the group's built-in `default` page. */
  built_in: number;
}

/** A change the edge must apply (ARCHITECTURE §7), claimed by one worker at a time. */
export interface DeployTasksTable {
  task_no: string;
  group_name: string;
  entity: DeployEntity;
  entity_id: string;
  /** The entity's name when the task was made, for messages after it is gone. */
  entity_name: string;
  operation: TaskOperation;
  state: TaskState;
  /** JSON the operation needs (a purge's paths); null for publish and remove. */
  payload: string | null;
  error: string | null;
  error_detail: string | null;
  attempts: Generated<number>;
  claimed_by: string | null;
  /** A running task whose lease ran out (its server died) is claimed again. */
  lease_until: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** One use of an item by another (a service line or rule using a cert, page or policy). */
export interface EntityRefsTable {
  group_name: string;
  from_entity: string;
  from_id: string;
  from_name: string;
  to_entity: DeployEntity;
  to_id: string;
}

/** The health of one origin of one policy, and the lease of the server checking it. */
export interface OriginHealthTable {
  policy_id: string;
  address: string;
  group_name: string;
  health: OriginHealthState;
  passes: number;
  failures: number;
  checked_at: number | null;
  last_error: string | null;
  next_check_at: number;
  lease_owner: string | null;
  lease_until: number | null;
}

export interface ServiceLinesTable {
  id: string;
  group_name: string;
  app_profile_name: string;
  /** JSON of ServiceLineSettings. */
  settings: string;
  /** The name the line's domains point at; given once at creation. */
  cnameto: string;
  status: LineStatus;
  last_error: string | null;
  created_by: string;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
}

export interface WafRulesTable extends DeployedItemColumns {
  rule_name: string;
  description: string;
  /** The action's two-digit code, a column of its own for the list's filter. */
  waf_action: WafActionCode;
  /** JSON of WafRuleSettings without the description and the action. */
  settings: string;
}

/** A domain of a line; the key keeps a domain on one line across every group. */
export interface LineDomainsTable {
  domain: string;
  line_id: string;
  group_name: string;
  description: Generated<string>;
  created_by: string;
  created_at: number;
}

/** An ingest token; the token itself is never stored, only its SHA-256. */
export interface IngestTokensTable {
  id: string;
  name: string;
  /** SHA-256 of the token, hex. */
  token_hash: string;
  /** The token's first characters, shown in the list. */
  prefix: string;
  /** Username of the admin who made it. */
  created_by: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  user_tokens: UserTokensTable;
  rate_limits: RateLimitsTable;
  user_avatars: UserAvatarsTable;
  audit_log: AuditLogTable;
  certs: CertsTable;
  origin_policies: OriginPoliciesTable;
  html_pages: HtmlPagesTable;
  deploy_tasks: DeployTasksTable;
  entity_refs: EntityRefsTable;
  origin_health: OriginHealthTable;
  service_lines: ServiceLinesTable;
  line_domains: LineDomainsTable;
  waf_rules: WafRulesTable;
  ingest_tokens: IngestTokensTable;
}

/**
 * Tables whose rows belong to a group, by their group column. Renaming a group rewrites them
 * all; later entities add themselves here.
 */
export const GROUP_SCOPED_TABLES: ReadonlyArray<{
  table:
    | 'group_members'
    | 'audit_log'
    | 'certs'
    | 'origin_policies'
    | 'html_pages'
    | 'deploy_tasks'
    | 'entity_refs'
    | 'origin_health'
    | 'service_lines'
    | 'line_domains'
    | 'waf_rules';
  column: 'group_name';
}> = [
  { table: 'group_members', column: 'group_name' },
  { table: 'audit_log', column: 'group_name' },
  { table: 'certs', column: 'group_name' },
  { table: 'origin_policies', column: 'group_name' },
  { table: 'html_pages', column: 'group_name' },
  { table: 'deploy_tasks', column: 'group_name' },
  { table: 'entity_refs', column: 'group_name' },
  { table: 'origin_health', column: 'group_name' },
  { table: 'service_lines', column: 'group_name' },
  { table: 'line_domains', column: 'group_name' },
  { table: 'waf_rules', column: 'group_name' },
];
