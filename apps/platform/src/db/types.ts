import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'

type CreatedAt = ColumnType<Date, Date | undefined, never>
type UpdatedAt = ColumnType<Date, Date | undefined, Date>

export interface UsersTable {
  id: Generated<number>
  gotrue_id: string
  email: string
  username: string
  password_hash: string
  first_name: string | null
  last_name: string | null
  created_at: CreatedAt
  /** runs the platform: sets organizations' plans and names other instance administrators */
  instance_admin: Generated<boolean>
}

export interface SessionsTable {
  id: string
  user_id: number
  csrf_token: string
  created_at: CreatedAt
  expires_at: Date
}

export interface AccessTokensTable {
  id: Generated<number>
  user_id: number
  name: string
  token_hash: string
  token_alias: string
  created_at: CreatedAt
  last_used_at: Date | null
}

export interface OrganizationsTable {
  id: Generated<number>
  slug: string
  name: string
  plan_id: string
  opt_in_tags: ColumnType<string[], string[] | undefined, string[]>
  created_at: CreatedAt
  plan_updated_at: UpdatedAt
  /** the organization's own model settings, over the platform's (see assistant/model-settings.ts) */
  ai_provider: string | null
  ai_base_url: string | null
  ai_model: string | null
  /** AES-256-GCM with the platform's key; never answered */
  ai_api_key_encrypted: string | null
  hipaa_addon: ColumnType<boolean, boolean | undefined, boolean>
}

export interface MembersTable {
  organization_id: number
  user_id: number
  role_name: string
  joined_at: CreatedAt
}

export interface InvitationsTable {
  id: Generated<number>
  organization_id: number
  email: string
  role_name: string
  invited_by: number | null
  invited_at: CreatedAt
}

export interface ProjectsTable {
  id: Generated<number>
  /** branching (migration 015): the git connection and production branch it was enabled with */
  branching_connection_id: ColumnType<number | null, number | null | undefined, number | null>
  branching_production_branch: ColumnType<string | null, string | null | undefined, string | null>
  ref: string
  name: string
  organization_id: number
  region: string
  status: string
  status_error: string | null
  postgres_major: number
  postgres_version: string
  port: number | null
  compute_size: string
  jwt_secret: string
  authenticator_password: string
  created_by: number | null
  created_at: CreatedAt
  updated_at: UpdatedAt
  paused_at: Date | null
  pending_password_verifier: string | null
  pending_compute_size: string | null
  last_port: number | null
  /** statement_timeout of SQL editor queries on this project */
  sql_statement_timeout_ms: ColumnType<number, number | undefined, number>
  /** loopback or private addresses (IPv4 addresses or CIDRs) and host names its edge functions may reach */
  functions_network_allow: ColumnType<string[], string[] | undefined, string[]>
  /** a base backup is taken this often while the project runs */
  backup_interval_hours: ColumnType<number, number | undefined, number>
  /** how long scheduled and manual backups are kept; null = the plan's retention */
  backup_retention_days: number | null
  last_backup_attempt_at: Date | null
  /** why the last scheduled or manual backup failed; null after a success */
  last_backup_error: string | null
  /** the backup an in-place restore (status RESTORING) is putting back */
  pending_restore_backup_id: number | null
  /** the point-in-time recovery add-on's retention in days; null = off (no WAL archiving) */
  pitr_retention_days: number | null
  /** WAL has been archived since then: no point-in-time recovery reaches before it */
  pitr_enabled_at: Date | null
  /** with pending_restore_backup_id: the instant the restore replays the WAL to */
  pending_recovery_target: Date | null
  /** the last restore check of a backup into a throwaway cluster; ok is null while it runs */
  restore_check_at: Date | null
  restore_check_backup_id: number | null
  restore_check_ok: boolean | null
  restore_check_detail: string | null
  /** the schemas whose metadata the assistant may send to a model */
  ai_schemas: ColumnType<string[], string[] | undefined, string[]>
  /** the disk size the project's use is measured against; null = the platform's default */
  disk_size_bytes: ColumnType<string | null, number | null | undefined, number | null>
  /** new transactions are read-only by default because the disk was nearly full */
  readonly_mode_enabled: ColumnType<boolean, boolean | undefined, boolean>
  readonly_mode_changed_at: Date | null
  /** false: the anon and service_role JWT keys (and any JWT of those roles) are refused as API keys (migration 020) */
  legacy_api_keys_enabled: ColumnType<boolean, boolean | undefined, boolean>
  /** when the project got its default publishable and secret keys; null until then */
  api_keys_provisioned_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

/** bigint columns: pg answers them as strings (read them with Number()) */
type Bigint = ColumnType<string, number, number>
type NullableBigint = ColumnType<string | null, number | null, number | null>

/** One sample of a project's resources; cpu_seconds and io_bytes are cumulative counters of its processes. */
export interface ResourceSamplesTable {
  id: Generated<string>
  project_id: number
  sampled_at: ColumnType<Date, Date | undefined, never>
  disk_size_bytes: Bigint
  disk_used_bytes: Bigint
  database_bytes: Bigint
  wal_bytes: Bigint
  temp_bytes: Bigint
  wal_archive_bytes: Bigint
  storage_bytes: Bigint
  cpu_seconds: number | null
  io_bytes: NullableBigint
  memory_bytes: NullableBigint
  swap_bytes: NullableBigint
  cpu_percent: number | null
  disk_io_bytes_per_second: number | null
  function_invocations: ColumnType<number, number | undefined, number>
  data_api_requests: ColumnType<number, number | undefined, number>
  data_api_egress_bytes: ColumnType<string, number | undefined, number>
  auth_rate_limit_hits: ColumnType<number, number | undefined, number>
}

export interface ProjectUpgradesTable {
  id: Generated<number>
  tracking_id: string
  project_ref: string
  source_major: number
  target_major: number
  /** Upgrading, Upgraded or Failed */
  status: string
  /** each progress key reached, with when (ISO 8601) */
  steps: ColumnType<{ key: string; at: string }[], string | undefined, string>
  full_backup: ColumnType<boolean, boolean | undefined, boolean>
  error: string | null
  started_by: number | null
  initiated_at: CreatedAt
  latest_status_at: ColumnType<Date, Date | undefined, Date>
}

export interface BackupsTable {
  id: Generated<number>
  project_id: number
  kind: string
  file: string
  bytes: ColumnType<string, number | bigint, never>
  postgres_major: number
  created_at: CreatedAt
}

export interface ProjectOperationsTable {
  id: Generated<number>
  project_ref: string
  kind: string
  status: string
  step: string | null
  progress: number | null
  error: string | null
  started_by: number | null
  created_at: CreatedAt
  finished_at: Date | null
}

export interface ExitFeedbackTable {
  id: Generated<number>
  user_id: number | null
  organization_id: number | null
  project_ref: string | null
  message: string
  reasons: ColumnType<string[], string[] | undefined, string[]>
  exit_action: string
  created_at: CreatedAt
}

export interface SupportRequestsTable {
  id: Generated<number>
  organization_id: number
  user_id: number
  category: string
  project_ref: string | null
  subject: string
  message: string
  created_at: CreatedAt
}

export interface ContentFoldersTable {
  id: string
  project_id: number
  owner_id: number
  parent_id: string | null
  name: string
  /** name folded for the case-insensitive uniqueness check */
  name_key: string
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface ContentTable {
  id: string
  project_id: number
  owner_id: number
  folder_id: string | null
  type: ColumnType<string, string | undefined, string>
  name: string
  description: ColumnType<string, string | undefined, string>
  visibility: string
  favorite: ColumnType<boolean, boolean | undefined, boolean>
  sql: ColumnType<string, string | undefined, string>
  schema_version: ColumnType<string, string | undefined, string>
  /** reports only: their cards (ReportCard[]) */
  layout: ColumnType<unknown, string | null | undefined, string | null>
  version: ColumnType<number, number | undefined, number>
  updated_by: number | null
  inserted_at: CreatedAt
  updated_at: UpdatedAt
}

export interface AssistantConversationsTable {
  id: string
  project_id: number
  user_id: number
  name: string
  messages: ColumnType<unknown[], string | undefined, string>
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface Database {
  assistant_conversations: AssistantConversationsTable
  users: UsersTable
  sessions: SessionsTable
  access_tokens: AccessTokensTable
  organizations: OrganizationsTable
  members: MembersTable
  invitations: InvitationsTable
  projects: ProjectsTable
  resource_samples: ResourceSamplesTable
  support_requests: SupportRequestsTable
  backups: BackupsTable
  project_upgrades: ProjectUpgradesTable
  project_operations: ProjectOperationsTable
  exit_feedback: ExitFeedbackTable
  content_folders: ContentFoldersTable
  content: ContentTable
}

export type UserRow = Selectable<UsersTable>
export type OrganizationRow = Selectable<OrganizationsTable>
export type ProjectRow = Selectable<ProjectsTable>
export type NewProjectRow = Insertable<ProjectsTable>
export type ContentRow = Selectable<ContentTable>
export type ContentFolderRow = Selectable<ContentFoldersTable>

export interface JwtSecretUpdatesTable {
  id: Generated<number>
  project_ref: string
  change_tracking_id: string
  status: string
  progress: string | null
  error: string | null
  new_secret: string | null
  requested_by: number | null
  created_at: CreatedAt
  finished_at: Date | null
}

/** A publishable or secret key (migration 020); the value itself only sealed. */
export interface ProjectApiKeysTable {
  id: string
  project_ref: string
  type: 'publishable' | 'secret'
  name: string
  description: string | null
  prefix: string
  /** SHA-256 of the key, base64url: how requests find it */
  hash: string
  sealed_key: string
  secret_jwt_template: ColumnType<{ role: string } | null, string | null | undefined, string | null>
  created_by: number | null
  inserted_at: CreatedAt
  updated_at: UpdatedAt
}

export type ProjectApiKeyRow = Selectable<ProjectApiKeysTable>

export interface CustomHostnamesTable {
  project_ref: string
  hostname: string
  status: string
  verification_token: string
  verification_errors: ColumnType<string[], string[] | undefined, string[]>
  created_at: CreatedAt
  updated_at: UpdatedAt
  /** when this hostname was set; unproven past PGFLEET_CUSTOM_HOSTNAME_PENDING_HOURS, the claim is dropped */
  claimed_at: ColumnType<Date, Date | undefined, Date>
}

// API keys and settings (migration 004), merged into Database above
export interface ProjectAuthTable {
  project_ref: string
  /** the password of the project's `supabase_auth_admin` role */
  admin_password: string
  /** settings that differ from the defaults (ProjectAuthConfig's field names) */
  config: ColumnType<Record<string, unknown>, string | undefined, string>
  updated_at: UpdatedAt
}

export interface Database {
  project_auth: ProjectAuthTable
  jwt_secret_updates: JwtSecretUpdatesTable
  project_api_keys: ProjectApiKeysTable
  custom_hostnames: CustomHostnamesTable
  edge_functions: EdgeFunctionsTable
}

export interface EdgeFunctionsTable {
  id: string
  project_ref: string
  slug: string
  name: string
  version: number
  status: ColumnType<string, string | undefined, string>
  verify_jwt: boolean
  entrypoint_path: string
  created_at: CreatedAt
  updated_at: UpdatedAt
  created_by: number | null
}

export type EdgeFunctionRow = Selectable<EdgeFunctionsTable>

// Git connections and preview branches (migration 015), merged into Database above
export interface Database {
  git_connections: GitConnectionsTable
  project_branches: ProjectBranchesTable
}

export interface GitConnectionsTable {
  id: Generated<number>
  project_id: number
  repository_url: string
  /** the access token, sealed with the platform's secret key; never answered */
  token_sealed: string | null
  created_by: number | null
  inserted_at: CreatedAt
  updated_at: UpdatedAt
}

export interface ProjectBranchesTable {
  id: Generated<string>
  /** the branch's own project */
  project_id: number
  parent_project_id: number
  connection_id: number | null
  name: string
  git_branch: string
  status: string
  status_error: ColumnType<string | null, string | null | undefined, string | null>
  failed_migration: ColumnType<string | null, string | null | undefined, string | null>
  /** a reset was asked for: the next create run starts from an empty cluster */
  reset_pending: ColumnType<boolean, boolean | undefined, boolean>
  with_data: ColumnType<boolean, boolean | undefined, boolean>
  data_copy_method: ColumnType<string | null, string | null | undefined, string | null>
  data_copy_ms: ColumnType<number | null, number | null | undefined, number | null>
  /** SCRAM verifier of the branch's postgres password, for re-creating its cluster on reset */
  password_verifier: string
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type GitConnectionRow = Selectable<GitConnectionsTable>
export type ProjectBranchRow = Selectable<ProjectBranchesTable>
