import { READ_ONLY_ROLE } from '../../../cluster/read-only-role'
import {
  API_ROLES,
  AUTHENTICATOR_ROLE,
  FIRST_MAJOR_WITH_SAFE_CREATEROLE,
  PLATFORM_SUPERUSER,
  TENANT_OWNER_MEMBERSHIPS,
} from '../../../cluster/role-names'
import type { Metadata, SecretManifest } from './metadata'
import { projectLabels } from './names'

/**
 * CloudNativePG's own superuser. Its instance manager runs initdb as `postgres` and connects over the pod's unix
 * socket as `postgres` for everything it does (managed roles, backups, promotion, monitoring), and the operator
 * refuses `postgres` in `managed.roles`: the name cannot be given to a role that is not a superuser. pgfleet
 * leaves it to the operator: no password (`enableSuperuserAccess: false`) and no TCP login (pg_hba).
 */
export const CNPG_SUPERUSER = 'postgres'
/**
 * The tenant's database owner on Kubernetes: the local driver's `postgres` under another name, with the same
 * attributes and memberships (tenantOwnerRoleSpec). It owns the `postgres` database and its `public` schema.
 */
export const KUBERNETES_TENANT_OWNER = 'tenant_owner'
/**
 * How the platform acts as the tenant's owner without the tenant's password: a login of its own, a member of
 * the owner, whose sessions start as the owner (`ALTER ROLE … SET role`). Leaving the owner role (RESET ROLE,
 * SET ROLE NONE) lands on a role with no more rights than the owner's.
 */
export const PLATFORM_OWNER_LOGIN = 'pgfleet_owner'

/** A role in `spec.managed.roles`: CloudNativePG creates it if missing and puts these attributes back on drift. */
export interface ManagedRole {
  name: string
  ensure: 'present'
  comment: string
  login: boolean
  superuser: boolean
  createdb: boolean
  createrole: boolean
  inherit: boolean
  replication: boolean
  bypassrls: boolean
  connectionLimit: number
  inRoles?: string[]
  passwordSecret?: { name: string }
}

const ROLE_DEFAULTS = {
  ensure: 'present',
  login: false,
  superuser: false,
  createdb: false,
  createrole: false,
  inherit: true,
  replication: false,
  bypassrls: false,
  connectionLimit: -1,
} as const

/** Roles whose password only the platform holds: a basic-auth Secret each, which `passwordSecret` names. */
export const PLATFORM_LOGIN_ROLES = [PLATFORM_SUPERUSER, PLATFORM_OWNER_LOGIN, READ_ONLY_ROLE] as const
export type PlatformLoginRole = (typeof PLATFORM_LOGIN_ROLES)[number]

/** `pgfleet-{ref}-role-{role with '_' as '-'}`: prefixed like the driver's other Secrets. */
export function platformRoleSecretName(ref: string, role: PlatformLoginRole): string {
  return `pgfleet-${ref}-role-${role.replace(/_/g, '-')}`
}

/**
 * The tenant's owner: the local driver's attributes (tenantOwnerAttributes) and memberships. CREATEROLE only from
 * Postgres 16, where it can no longer grant roles the owner does not hold with ADMIN OPTION. No passwordSecret:
 * the tenant sets its own password (the platform sets the first one in the bootstrap SQL).
 */
export function tenantOwnerRoleSpec(major: number): ManagedRole {
  return {
    ...ROLE_DEFAULTS,
    name: KUBERNETES_TENANT_OWNER,
    comment: 'The tenant’s database owner',
    login: true,
    createdb: true,
    createrole: major >= FIRST_MAJOR_WITH_SAFE_CREATEROLE,
    bypassrls: true,
    inRoles: [...TENANT_OWNER_MEMBERSHIPS, ...API_ROLES],
  }
}

/**
 * Every role pgfleet declares in a project's Cluster, with its exact attributes: the tenant's owner, the API roles
 * and the authenticator (passwords set by SQL), and the platform's logins (passwords from the platform's Secrets).
 */
export function projectManagedRoles(ref: string, major: number): ManagedRole[] {
  const logins: readonly string[] = PLATFORM_LOGIN_ROLES
  return declaredRoles(major).map((role) =>
    logins.includes(role.name)
      ? { ...role, passwordSecret: { name: platformRoleSecretName(ref, role.name as PlatformLoginRole) } }
      : role,
  )
}

/** `ALTER ROLE` with every attribute a declared role has, so the bootstrap leaves what the managed stanza keeps. */
export function roleAttributesSql(role: ManagedRole): string {
  const flag = (on: boolean, name: string) => (on ? name : `NO${name}`)
  const attributes = [
    flag(role.login, 'LOGIN'),
    flag(role.superuser, 'SUPERUSER'),
    flag(role.createdb, 'CREATEDB'),
    flag(role.createrole, 'CREATEROLE'),
    flag(role.inherit, 'INHERIT'),
    flag(role.replication, 'REPLICATION'),
    flag(role.bypassrls, 'BYPASSRLS'),
    `CONNECTION LIMIT ${role.connectionLimit}`,
  ]
  return `ALTER ROLE ${role.name} ${attributes.join(' ')};`
}

/** The declared roles' names and attributes (projectManagedRoles adds where the platform's passwords are). */
export function declaredRoles(major: number): ManagedRole[] {
  return [
    tenantOwnerRoleSpec(major),
    { ...ROLE_DEFAULTS, name: 'anon', comment: 'Data API: requests without a user', inherit: false },
    { ...ROLE_DEFAULTS, name: 'authenticated', comment: 'Data API: signed-in users', inherit: false },
    {
      ...ROLE_DEFAULTS,
      name: 'service_role',
      comment: 'Data API: the service key',
      inherit: false,
      bypassrls: true,
    },
    {
      ...ROLE_DEFAULTS,
      name: AUTHENTICATOR_ROLE,
      comment: 'The data API’s login; switches to an API role per request',
      login: true,
      inherit: false,
      inRoles: [...API_ROLES],
    },
    {
      ...ROLE_DEFAULTS,
      name: PLATFORM_SUPERUSER,
      comment: 'The platform’s superuser (extensions, passwords, maintenance)',
      login: true,
      superuser: true,
    },
    {
      ...ROLE_DEFAULTS,
      name: PLATFORM_OWNER_LOGIN,
      comment: 'The platform’s login that acts as the tenant’s owner',
      login: true,
      inRoles: [KUBERNETES_TENANT_OWNER],
    },
    {
      ...ROLE_DEFAULTS,
      name: READ_ONLY_ROLE,
      comment: 'Read-only members’ SQL',
      login: true,
      inherit: false,
      bypassrls: true,
    },
  ]
}

/**
 * Access rules appended after CloudNativePG's own (its operator's unix-socket peer rule and the certificate rules
 * of `streaming_replica` and the pooler come first) and before its closing password rule: CloudNativePG's
 * superuser never logs in over the network, and no one else asks for replication.
 */
export const PROJECT_HBA_RULES = [`host all ${CNPG_SUPERUSER} all reject`, 'host replication all all reject'] as const

/** A platform login's password, as the basic-auth Secret `passwordSecret` expects (username = the role). */
export function platformRoleSecret(
  namespace: string,
  ref: string,
  role: PlatformLoginRole,
  password: string,
): SecretManifest {
  const metadata: Metadata = { name: platformRoleSecretName(ref, role), namespace, labels: projectLabels(ref) }
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata,
    type: 'kubernetes.io/basic-auth',
    stringData: { username: role, password },
  }
}
