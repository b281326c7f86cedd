import { TENANT_OWNER_ROLE } from '@pgfleet/engine'
import type pg from 'pg'
import type { AppContext } from '../../context'

/**
 * A few warm connections per project for metadata reads. A new backend starts with empty catalog caches and
 * pays for them on a big catalog (about 50 ms of 250 on 2,000 tables), and the dashboard asks for several
 * lists at once; idle connections go after a minute, and all of them when the project stops.
 *
 * A big list is read in two halves at once (one core each): the second half runs on a `helper` connection
 * from its own small pool, so a request holding a main connection never waits for another main connection
 * (no deadlock when every main connection is busy). Both pools are the metadata's share of the project's
 * connection budget.
 */
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

const META_POOL_SETTINGS = {
  idleTimeoutMillis: IDLE_TIMEOUT_MS,
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  allowExitOnIdle: true,
  application_name: 'pgfleet-meta',
  options: SESSION_SETTINGS.map((setting) => `-c ${setting}`).join(' '),
}

/** The project's metadata pool; `helper` is the one for the second half of a split list. */
export function metaPool(ctx: AppContext, ref: string, kind: 'main' | 'helper' = 'main'): Promise<pg.Pool> {
  // metadata is read as the tenant's owner, never as the platform's superuser
  return ctx.connections.pool(ref, kind === 'main' ? 'meta' : 'meta-helper', {
    user: TENANT_OWNER_ROLE,
    settings: META_POOL_SETTINGS,
  })
}
