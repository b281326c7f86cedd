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

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  access_tokens: AccessTokensTable
  organizations: OrganizationsTable
  members: MembersTable
  invitations: InvitationsTable
  projects: ProjectsTable
  support_requests: SupportRequestsTable
}

export type UserRow = Selectable<UsersTable>
export type OrganizationRow = Selectable<OrganizationsTable>
export type ProjectRow = Selectable<ProjectsTable>
export type NewProjectRow = Insertable<ProjectsTable>
