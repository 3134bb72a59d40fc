import type { Generated } from 'kysely';

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
  action: 'create' | 'update' | 'delete';
  /** JSON of the entity before and after, secrets removed. */
  before: string | null;
  after: string | null;
}

export interface CertsTable {
  id: string;
  group_name: string;
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
  status: 'Running' | 'Deploying';
  created_by: string;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
}

export interface OriginPoliciesTable {
  id: string;
  group_name: string;
  policy_name: string;
  /** JSON of OriginPolicySettings. */
  settings: string;
  status: 'Running' | 'Deploying';
  created_by: string;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
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
}

/**
 * Tables whose rows belong to a group, by their group column. Renaming a group rewrites them
 * all; later entities add themselves here.
 */
export const GROUP_SCOPED_TABLES: ReadonlyArray<{ table: 'group_members' | 'audit_log' | 'certs' | 'origin_policies'; column: 'group_name' }> = [
  { table: 'group_members', column: 'group_name' },
  { table: 'audit_log', column: 'group_name' },
  { table: 'certs', column: 'group_name' },
  { table: 'origin_policies', column: 'group_name' },
];
