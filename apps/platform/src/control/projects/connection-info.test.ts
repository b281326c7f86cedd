/**
 * Where the dashboard tells tenants to connect, for each driver. The drivers are built from configuration as the
 * platform builds them (buildProjectDriver); the project's view and its settings take the host and port from the
 * driver. Nothing here reaches a server: working out where tenants connect needs none.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import type { AppContext } from '../../context'
import type { Db } from '../../db/kysely'
import type { ProjectRow } from '../../db/types'
import { buildProjectDriver } from '../../system/drivers/project-driver'
import { projectSettings } from '../keys/project-config'
import { toProject } from './service'

const ORIGIN = 'http://127.0.0.1:8080'
const REF = 'abcdefghijklmnopqrst'
const ORGANIZATION_ID = 7

const row = (port: number | null) =>
  ({
    id: 1,
    ref: REF,
    name: 'Shop',
    status: port === null ? 'INACTIVE' : 'ACTIVE_HEALTHY',
    organization_id: ORGANIZATION_ID,
    region: 'local',
    created_at: new Date('2026-01-01T00:00:00Z'),
    compute_size: 'micro',
    port,
    postgres_version: '17.5',
    postgres_major: 17,
  }) as unknown as ProjectRow

/** Answers the one lookup the per-organization namespace makes: the project's organization. */
const projectsDb = {
  selectFrom: () => ({
    select: () => ({
      where: (_column: string, _op: string, ref: string) => ({
        executeTakeFirst: async () => (ref === REF ? { organization_id: ORGANIZATION_ID } : undefined),
      }),
    }),
  }),
} as unknown as Db

let dir: string
let kubeconfig: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pgfleet-connection-info-'))
  kubeconfig = path.join(dir, 'kubeconfig')
  // a cluster nobody answers at: building the driver and naming the endpoint contact none
  await writeFile(
    kubeconfig,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters: [{ name: c, cluster: { server: "https://127.0.0.1:1" } }]',
      'users: [{ name: u, user: { token: t } }]',
      'contexts: [{ name: x, context: { cluster: c, user: u } }]',
      'current-context: x',
    ].join('\n'),
  )
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function contextFor(env: NodeJS.ProcessEnv): Promise<AppContext> {
  const config = loadConfig({ PGFLEET_DATA_DIR: dir, ...env })
  const driver = await buildProjectDriver(config, {
    projectsDir: path.join(dir, 'projects'),
    runAs: null,
    engines: [],
    db: projectsDb,
  })
  return { config, driver, health: { isServing: () => true } } as unknown as AppContext
}

async function connectionInfo(env: NodeJS.ProcessEnv, port: number | null) {
  const ctx = await contextFor(env)
  const project = await toProject(ctx, { row: row(port), organizationSlug: 'acme' }, ORIGIN)
  const settings = await projectSettings(ctx, row(port), ORIGIN)
  return { project, settings }
}

describe('the connection details of a project', () => {
  it('on this machine: the projects’ listen address and the project’s own port, as the postgres role', async () => {
    const { project, settings } = await connectionInfo({ PGFLEET_PROJECT_LISTEN_ADDRESS: '10.0.0.5' }, 54411)
    expect(project.database).toMatchObject({ host: '10.0.0.5', port: 54411 })
    expect(project.connectionString).toBe('postgresql://postgres:[YOUR-PASSWORD]@10.0.0.5:54411/postgres')
    expect(settings).toMatchObject({ db_host: '10.0.0.5', db_port: 54411, db_user: 'postgres' })
    expect(settings.db_connection_string).toBe(project.connectionString)
  })

  it('on Kubernetes: the Pooler’s Service in the project’s namespace, port 5432, as tenant_owner', async () => {
    const env = { PGFLEET_DRIVER: 'kubernetes', PGFLEET_K8S_KUBECONFIG: kubeconfig }
    // the platform's port for the project is its own business; tenants go through PgBouncer's
    const { project, settings } = await connectionInfo(env, 54411)
    const host = `${REF}-pooler.pgfleet-org-${ORGANIZATION_ID}.svc`
    expect(project.database).toMatchObject({ host, port: 5432 })
    expect(project.connectionString).toBe(`postgresql://tenant_owner:[YOUR-PASSWORD]@${host}:5432/postgres`)
    expect(settings).toMatchObject({ db_host: host, db_port: 5432, db_user: 'tenant_owner' })
    expect(settings.db_connection_string).toBe(project.connectionString)
    const oneNamespace = await connectionInfo({ ...env, PGFLEET_K8S_NAMESPACE: 'pgfleet-projects' }, 54411)
    expect(oneNamespace.settings.db_host).toBe(`${REF}-pooler.pgfleet-projects.svc`)
  })

  it('on Kubernetes with an external host: the configured pattern and port', async () => {
    const env = {
      PGFLEET_DRIVER: 'kubernetes',
      PGFLEET_K8S_KUBECONFIG: kubeconfig,
      PGFLEET_K8S_CONNECTION_HOST: '{ref}.db.example.com',
      PGFLEET_K8S_CONNECTION_PORT: '6432',
    }
    const { project, settings } = await connectionInfo(env, 54411)
    expect(project.connectionString).toBe(
      `postgresql://tenant_owner:[YOUR-PASSWORD]@${REF}.db.example.com:6432/postgres`,
    )
    expect(settings).toMatchObject({ db_host: `${REF}.db.example.com`, db_port: 6432 })
  })

  it.each([
    ['this machine', (): NodeJS.ProcessEnv => ({})],
    ['Kubernetes', (): NodeJS.ProcessEnv => ({ PGFLEET_DRIVER: 'kubernetes', PGFLEET_K8S_KUBECONFIG: kubeconfig })],
  ])('on %s: no connection string while the project has no port (paused)', async (_name, envOf) => {
    const { project, settings } = await connectionInfo(envOf(), null)
    expect(project.connectionString).toBeNull()
    expect(project.database.port).toBeNull()
    expect(settings).toMatchObject({ db_port: null, db_connection_string: null })
  })
})

describe('PGFLEET_K8S_CONNECTION_HOST', () => {
  it.each(['{ref}.db.example.com', 'db-{namespace}.example.com', '{ref}-{namespace}.internal'])(
    'accepts the host pattern %s',
    (host) => {
      expect(loadConfig({ PGFLEET_K8S_CONNECTION_HOST: host }).kubernetes.connection).toEqual({ host, port: 5432 })
    },
  )

  it.each(['{user}.example.com', 'db.example.com:5432', 'https://db.example.com', '{ref}..example.com', 'Db.{ref}'])(
    'refuses %s with a clear message',
    (host) => {
      expect(() => loadConfig({ PGFLEET_K8S_CONNECTION_HOST: host })).toThrow(/host name, with \{ref\}/)
    },
  )

  it('is unset by default: the Pooler’s Service', () => {
    expect(loadConfig({}).kubernetes.connection).toBeUndefined()
  })
})
