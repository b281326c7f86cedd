/**
 * Tenant isolation on CloudNativePG: the roles pgfleet declares in a project's Cluster, the access rules, and the
 * bootstrap SQL, the last run on a real Postgres server the way CloudNativePG runs it (as `postgres`, right after
 * initdb), so the attributes it leaves are the ones the managed stanza declares.
 */

import { rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withClient } from '../../../cluster/client'
import { initCluster } from '../../../cluster/init'
import { READ_ONLY_ROLE } from '../../../cluster/read-only-role'
import {
  API_ROLES,
  PLATFORM_SUPERUSER,
  SERVER_ACCESS_ROLES,
  TENANT_OWNER_MEMBERSHIPS,
} from '../../../cluster/role-names'
import { startCluster } from '../../../cluster/start'
import { stopCluster } from '../../../cluster/stop'
import type { ClusterSpec } from '../../../cluster/types'
import { discoverEngines, engineForMajor } from '../../../engines/discover'
import { resolveRunAs } from '../../../system/run-as'
import { makeTempRoot, testClusterSpec } from '../../../testing/fixtures'
import { projectBootstrapSql } from './bootstrap-sql'
import { branchCluster, type ClusterTemplate, type InitdbBootstrap, projectCluster, recoveryCluster } from './cluster'
import { CrdSchemas } from './crd-schema'
import {
  CNPG_SUPERUSER,
  KUBERNETES_TENANT_OWNER,
  type ManagedRole,
  PLATFORM_OWNER_LOGIN,
  PROJECT_HBA_RULES,
  platformRoleSecret,
  platformRoleSecretName,
  projectManagedRoles,
} from './roles'

const template: ClusterTemplate = {
  namespace: 'pgfleet-org-1',
  imageCatalog: { kind: 'ImageCatalog', name: 'postgresql' },
  instances: 1,
  defaultDiskSizeBytes: 8 * 1024 ** 3,
  objectStore: null,
}
const ref = 'abcdefghijklmnopqrst'
const runtime = { port: null, computeSize: 'nano' as const }
const byName = (roles: ManagedRole[]) => new Map(roles.map((role) => [role.name, role]))

let schemas: CrdSchemas
beforeAll(() => {
  schemas = new CrdSchemas()
})

describe('the roles of a project’s Cluster', () => {
  it('leave CloudNativePG’s postgres to its operator: no password, no network login', () => {
    const cluster = projectCluster(template, ref, ref, { ...runtime, major: 17 })
    expect(schemas.validate(cluster)).toEqual([])
    expect(cluster.spec.enableSuperuserAccess).toBe(false)
    expect(cluster.spec).not.toHaveProperty('superuserSecret')
    expect(cluster.spec.postgresql.pg_hba).toEqual([...PROJECT_HBA_RULES])
    expect(cluster.spec.postgresql.pg_hba[0]).toBe(`host all ${CNPG_SUPERUSER} all reject`)
    // CloudNativePG refuses to manage its reserved roles
    expect(cluster.spec.managed.roles.map((role) => role.name)).not.toContain(CNPG_SUPERUSER)
  })

  it.each([15, 16, 17])('give the tenant’s owner the local driver’s exact attributes on Postgres %i', (major) => {
    const roles = byName(projectCluster(template, ref, ref, { ...runtime, major }).spec.managed.roles)
    expect(roles.get(KUBERNETES_TENANT_OWNER)).toMatchObject({
      login: true,
      superuser: false,
      createrole: major >= 16,
      createdb: true,
      bypassrls: true,
      replication: false,
      inherit: true,
    })
    expect(roles.get(KUBERNETES_TENANT_OWNER)?.inRoles?.sort()).toEqual(
      [...TENANT_OWNER_MEMBERSHIPS, ...API_ROLES].sort(),
    )
    expect(roles.get(KUBERNETES_TENANT_OWNER)).not.toHaveProperty('passwordSecret')
  })

  it('make the platform superuser the only superuser pgfleet declares, and no role a replicator', () => {
    const roles = projectManagedRoles(ref, 17)
    expect(roles.filter((role) => role.superuser).map((role) => role.name)).toEqual([PLATFORM_SUPERUSER])
    expect(roles.filter((role) => role.replication)).toEqual([])
    const members = roles.flatMap((role) => role.inRoles ?? [])
    for (const serverAccess of SERVER_ACCESS_ROLES) expect(members).not.toContain(serverAccess)
    // the platform's logins have passwords only it holds; the tenant's and the API roles have none in a Secret
    const withSecret = roles.filter((role) => role.passwordSecret).map((role) => role.name)
    expect(withSecret.sort()).toEqual([PLATFORM_OWNER_LOGIN, PLATFORM_SUPERUSER, READ_ONLY_ROLE].sort())
    expect(byName(roles).get(PLATFORM_OWNER_LOGIN)).toMatchObject({
      superuser: false,
      createrole: false,
      createdb: false,
      bypassrls: false,
      inRoles: [KUBERNETES_TENANT_OWNER],
    })
    expect(platformRoleSecret('ns', ref, PLATFORM_SUPERUSER, 'pw')).toMatchObject({
      metadata: { name: `pgfleet-${ref}-role-pgfleet-admin` },
      type: 'kubernetes.io/basic-auth',
      stringData: { username: PLATFORM_SUPERUSER, password: 'pw' },
    })
  })

  it('make initdb create no application database: postgres is named, owned by the platform’s owner login', () => {
    const cluster = projectCluster(template, ref, ref, { ...runtime, major: 17 })
    expect(schemas.validate(cluster)).toEqual([])
    const ownerSecret = platformRoleSecretName(ref, PLATFORM_OWNER_LOGIN)
    expect(cluster.spec.bootstrap).toMatchObject({
      initdb: { database: 'postgres', owner: PLATFORM_OWNER_LOGIN, secret: { name: ownerSecret } },
    })
    // CloudNativePG sets the owner's password from that Secret, which must name the owner: the login's own does
    expect(platformRoleSecret('ns', ref, PLATFORM_OWNER_LOGIN, 'pw').stringData.username).toBe(PLATFORM_OWNER_LOGIN)
    const managedOwner = byName(cluster.spec.managed.roles).get(PLATFORM_OWNER_LOGIN)
    expect(managedOwner?.passwordSecret).toEqual({ name: ownerSecret })
    expect(JSON.stringify(cluster.spec)).not.toMatch(/"app"|-app"/)
    // recovered and copied Clusters name no application database either, so CloudNativePG makes none
    const objectStore = {
      destinationPath: 's3://b/p',
      credentialsSecret: { name: 's', accessKeyIdKey: 'a', secretAccessKeyKey: 'b' },
    }
    const recovered = recoveryCluster(
      { ...template, objectStore },
      ref,
      `${ref}-r1`,
      { ...runtime, major: 17 },
      {
        clusterName: ref,
        backupId: '20260101T000000',
      },
    )
    const branch = branchCluster(template, 'branchref', 'branchref', { ...runtime, major: 17 }, ref)
    for (const copy of [recovered, branch]) {
      expect(JSON.stringify(copy.spec.bootstrap)).not.toMatch(/"(database|owner|secret)"/)
    }
  })

  it('copy a branch from its parent’s primary with pg_basebackup, in a Cluster the CRD accepts', () => {
    const branch = branchCluster(template, 'branchref', 'branchref', { ...runtime, major: 17 }, 'parentref')
    expect(schemas.validate(branch)).toEqual([])
    expect(branch.spec.bootstrap).toEqual({ pg_basebackup: { source: 'parent' } })
    expect(branch.spec.externalClusters?.[0]).toMatchObject({
      connectionParameters: { host: 'parentref-rw', user: 'streaming_replica', sslmode: 'verify-full' },
      sslCert: { name: 'parentref-replication', key: 'tls.crt' },
      sslRootCert: { name: 'parentref-ca', key: 'ca.crt' },
    })
    expect(branch.spec.managed.roles).toEqual(projectManagedRoles('branchref', 17))
  })
})

describe('the bootstrap SQL, run as CloudNativePG runs it', () => {
  const major = 17
  let spec: ClusterSpec
  let root: string
  const asRole = <T>(user: string, sql: string, values?: unknown[]) =>
    withClient(spec, async (client) => (await client.query(sql, values)).rows as T[], { user })

  beforeAll(async () => {
    root = await makeTempRoot('cnpg-bootstrap')
    const dir = path.join(root, 'cluster')
    spec = testClusterSpec(dir, engineForMajor(await discoverEngines(), major), await resolveRunAs())
    await initCluster(spec, { superuser: CNPG_SUPERUSER })
    await startCluster(spec)
    const sql = projectBootstrapSql(major, { ownerPassword: 'owner-pw', authenticatorPassword: 'auth-pw' })
    const { initdb } = projectCluster(template, ref, ref, { ...runtime, major }).spec.bootstrap as {
      initdb: InitdbBootstrap
    }
    await bootstrapAsCloudNativePg(initdb, sql)
  })

  /**
   * CloudNativePG's steps after initdb, in its order: the application owner is created (`LOGIN`) unless it exists,
   * the post-init SQL runs in `postgres`, and the application database is created, owned by that owner, unless
   * it exists.
   */
  async function bootstrapAsCloudNativePg(initdb: InitdbBootstrap, sql: string) {
    const exists = async (catalog: string, column: string, name: string) =>
      (await asRole(CNPG_SUPERUSER, `SELECT 1 FROM ${catalog} WHERE ${column} = $1`, [name])).length > 0
    if (!(await exists('pg_roles', 'rolname', initdb.owner))) {
      await asRole(CNPG_SUPERUSER, `CREATE ROLE ${initdb.owner} LOGIN`)
    }
    await asRole(CNPG_SUPERUSER, sql)
    if (!(await exists('pg_database', 'datname', initdb.database))) {
      await asRole(CNPG_SUPERUSER, `CREATE DATABASE ${initdb.database} OWNER ${initdb.owner}`)
    }
  }

  afterAll(async () => {
    // best-effort: a failed setup may have left nothing running
    if (spec) await stopCluster(spec, 'immediate', 5_000).catch(() => {})
    if (root) await rm(root, { recursive: true, force: true })
  })

  it('leaves each declared role with the attributes the managed stanza declares', async () => {
    const rows = await asRole<Record<string, unknown>>(
      CNPG_SUPERUSER,
      `SELECT rolname, rolcanlogin AS login, rolsuper AS superuser, rolcreatedb AS createdb,
              rolcreaterole AS createrole, rolinherit AS inherit, rolreplication AS replication,
              rolbypassrls AS bypassrls
       FROM pg_roles WHERE rolname = ANY($1)`,
      [projectManagedRoles(ref, major).map((role) => role.name)],
    )
    const declared = projectManagedRoles(ref, major)
    expect(rows).toHaveLength(declared.length)
    for (const role of declared) {
      const { login, superuser, createdb, createrole, inherit, replication, bypassrls } = role
      expect(rows.find((row) => row.rolname === role.name)).toEqual({
        rolname: role.name,
        ...{ login, superuser, createdb, createrole, inherit, replication, bypassrls },
      })
    }
  })

  it('leaves no app database or app role, and only postgres, template0 and template1', async () => {
    const databases = await asRole<{ datname: string }>(CNPG_SUPERUSER, 'SELECT datname FROM pg_database ORDER BY 1')
    expect(databases.map((row) => row.datname)).toEqual(['postgres', 'template0', 'template1'])
    expect(await asRole(CNPG_SUPERUSER, `SELECT 1 FROM pg_roles WHERE rolname = 'app'`)).toEqual([])
  })

  it('makes the tenant’s owner own the postgres database and its public schema, with its memberships', async () => {
    const [owns] = await asRole<{ db: string; schema: string }>(
      CNPG_SUPERUSER,
      `SELECT (SELECT datdba::regrole::text FROM pg_database WHERE datname = 'postgres') AS db,
              (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = 'public') AS schema`,
    )
    expect(owns).toEqual({ db: KUBERNETES_TENANT_OWNER, schema: KUBERNETES_TENANT_OWNER })
    const memberships = await asRole<{ rolname: string }>(
      CNPG_SUPERUSER,
      `SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
       WHERE m.member = '${KUBERNETES_TENANT_OWNER}'::regrole ORDER BY 1`,
    )
    expect(memberships.map((row) => row.rolname)).toEqual([...TENANT_OWNER_MEMBERSHIPS, ...API_ROLES].sort())
  })

  it('starts the platform’s owner login as the owner, and leaving the owner gains nothing', async () => {
    const [session] = await asRole<Record<string, unknown>>(
      PLATFORM_OWNER_LOGIN,
      `SELECT current_user, session_user,
              (SELECT rolsuper FROM pg_roles WHERE rolname = session_user) AS login_is_superuser`,
    )
    expect(session).toEqual({
      current_user: KUBERNETES_TENANT_OWNER,
      session_user: PLATFORM_OWNER_LOGIN,
      login_is_superuser: false,
    })
    await expect(
      withClient(spec, (client) => client.query('SET ROLE NONE; CREATE ROLE escalated SUPERUSER'), {
        user: PLATFORM_OWNER_LOGIN,
      }),
    ).rejects.toThrow(/permission denied|must be superuser|Only roles with/i)
    // created objects belong to the tenant's owner, as on the local driver
    await asRole(PLATFORM_OWNER_LOGIN, 'CREATE TABLE public.made_by_platform (id int)')
    const [table] = await asRole<{ owner: string }>(
      CNPG_SUPERUSER,
      `SELECT tableowner AS owner FROM pg_tables WHERE tablename = 'made_by_platform'`,
    )
    expect(table?.owner).toBe(KUBERNETES_TENANT_OWNER)
  })

  it('stores passwords as SCRAM verifiers only', async () => {
    const rows = await asRole<{ rolname: string; secret: string }>(
      CNPG_SUPERUSER,
      `SELECT rolname, rolpassword AS secret FROM pg_authid WHERE rolpassword IS NOT NULL ORDER BY 1`,
    )
    expect(rows.map((row) => row.rolname)).toEqual(['authenticator', KUBERNETES_TENANT_OWNER])
    for (const row of rows) expect(row.secret).toMatch(/^SCRAM-SHA-256\$/)
  })
})
