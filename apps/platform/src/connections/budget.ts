import { CONNECTION_CONSUMERS, type ConnectionConsumer } from '@pgfleet/contracts'

export { CONNECTION_CONSUMERS, type ConnectionConsumer }

/**
 * How a project's connection slots are shared. Postgres keeps `superuser_reserved_connections` (3 by default)
 * for superusers; of the rest, a quarter (at least 5) stays free for the tenant's own clients (their apps,
 * psql, edge functions), two for the platform's one-off connections (cancelling a query, installing the
 * schema watch), and the platform's pools split what is left by share, each capped at the size beyond which
 * it stops helping. The pools together never exceed the budget, whatever the compute size.
 */

export const SUPERUSER_RESERVED_CONNECTIONS = 3
export const TENANT_RESERVE_RATIO = 0.25
export const TENANT_RESERVE_MIN = 5
export const ONE_OFF_CONNECTIONS = 2

/** Shares of the pools' budget; they add up to 1. */
const SHARES: Record<ConnectionConsumer, number> = {
  rest: 0.3,
  sql: 0.22,
  'sql-read': 0.09,
  storage: 0.12,
  auth: 0.1,
  meta: 0.1,
  'meta-helper': 0.07,
}

/** Beyond these sizes a pool only holds idle connections (the data API's is configurable). */
export const DEFAULT_POOL_CAPS: Record<ConnectionConsumer, number> = {
  rest: 10,
  sql: 10,
  'sql-read': 4,
  storage: 5,
  auth: 4,
  meta: 3,
  'meta-helper': 2,
}

export interface ConnectionBudget {
  maxConnections: number
  superuserReserved: number
  /** slots the platform leaves to the tenant's own clients */
  tenantReserve: number
  oneOff: number
  /** what the pools may hold together */
  pools: number
  poolSizes: Record<ConnectionConsumer, number>
}

export function connectionBudget(
  maxConnections: number,
  caps: Partial<Record<ConnectionConsumer, number>> = {},
): ConnectionBudget {
  const superuserReserved = Math.min(SUPERUSER_RESERVED_CONNECTIONS, Math.max(0, maxConnections - 1))
  const tenantReserve = Math.max(TENANT_RESERVE_MIN, Math.ceil(maxConnections * TENANT_RESERVE_RATIO))
  const pools = Math.max(0, maxConnections - superuserReserved - tenantReserve - ONE_OFF_CONNECTIONS)
  const poolSizes = {} as Record<ConnectionConsumer, number>
  let left = pools
  for (const consumer of CONNECTION_CONSUMERS) {
    const cap = caps[consumer] ?? DEFAULT_POOL_CAPS[consumer]
    // every consumer gets one connection while the budget lasts, so no feature is locked out entirely
    const size = Math.min(cap, left, Math.max(1, Math.floor(pools * SHARES[consumer])))
    poolSizes[consumer] = Math.max(size, left > 0 ? 1 : 0)
    left -= poolSizes[consumer]
  }
  return { maxConnections, superuserReserved, tenantReserve, oneOff: ONE_OFF_CONNECTIONS, pools, poolSizes }
}
