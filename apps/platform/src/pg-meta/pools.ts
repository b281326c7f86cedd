import { TENANT_OWNER_ROLE } from '@pgfleet/engine'
import pg from 'pg'
import type { AppContext } from '../context'

/**
 * A few warm connections per project for metadata reads. A new backend starts with empty catalog caches and
 * pays for them on a big catalog (about 50 ms of 250 on 2,000 tables), and the dashboard asks for several
 * lists at once; idle connections go after a minute, and all of them when the project stops.
 *
 * A big list is read in two halves at once (one core each): the second half runs on a `helper` connection
 * from its own small pool, so a request holding a main connection never waits for another main connection
 * (no deadlock when every main connection is busy).
 */
const MAIN_POOL_SIZE = 3
const HELPER_POOL_SIZE = 2
const IDLE_TIMEOUT_MS = 60_000
const CONNECT_TIMEOUT_MS = 5_000

/** Settings every metadata connection keeps; per-request limits are set per transaction (SET LOCAL). */
const SESSION_SETTINGS = [
  'default_transaction_read_only=on',
  // compiling a catalog query costs more than running it
  'jit=off',
  'max_parallel_workers_per_gather=0',
  // big catalogs sort and hash in memory
  'work_mem=64MB',
]

export interface MetaPools {
  main: pg.Pool
  helper: pg.Pool
}

interface Entry extends MetaPools {
  /** where the pools connect: a project restored on another port gets new pools */
  target: string
}

const registries = new WeakMap<AppContext, Map<string, Entry>>()

function registryOf(ctx: AppContext): Map<string, Entry> {
  let registry = registries.get(ctx)
  if (!registry) {
    registry = new Map()
    registries.set(ctx, registry)
  }
  return registry
}

function createPool(connection: pg.ClientConfig, max: number): pg.Pool {
  const pool = new pg.Pool({
    ...connection,
    max,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    allowExitOnIdle: true,
    application_name: 'pgfleet-meta',
    options: SESSION_SETTINGS.map((setting) => `-c ${setting}`).join(' '),
  })
  // an idle connection that dies (the project restarts) must not crash the platform
  pool.on('error', () => {})
  return pool
}

export async function metaPools(ctx: AppContext, ref: string): Promise<MetaPools> {
  const registry = registryOf(ctx)
  // metadata is read as the tenant's owner, never as the platform's superuser
  const connection = await ctx.driver.projectConnection(ref, { user: TENANT_OWNER_ROLE })
  const target = `${connection.host}:${connection.port}`
  const existing = registry.get(ref)
  if (existing?.target === target) return existing
  if (existing) void endPools(existing)
  const entry = {
    target,
    main: createPool(connection, MAIN_POOL_SIZE),
    helper: createPool(connection, HELPER_POOL_SIZE),
  }
  registry.set(ref, entry)
  return entry
}

const endPools = (pools: MetaPools) =>
  Promise.all([pools.main.end().catch(() => {}), pools.helper.end().catch(() => {})])

/** Closes the project's metadata connections (before it pauses or is deleted). */
export async function closeMetaPool(ctx: AppContext, ref: string): Promise<void> {
  const registry = registryOf(ctx)
  const existing = registry.get(ref)
  if (!existing) return
  registry.delete(ref)
  await endPools(existing)
}
