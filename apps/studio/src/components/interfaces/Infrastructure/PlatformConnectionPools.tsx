import type { PlatformConnections } from '@pgfleet/contracts'
import { DataTable } from '../../ui/DataTable'
import { POOL_HEADERS, POOL_LABELS, POOLS_DESCRIPTION, POOLS_TITLE } from './infrastructure.constants'

const CELL = 'py-2 pr-4 tabular-nums'

/** The platform's pools on the project: how many connections each holds, idles and waits for, and its cap. */
export function PlatformConnectionPools({
  connections,
  maxConnections,
}: {
  connections: PlatformConnections
  maxConnections: number
}) {
  return (
    <div className="mt-6 space-y-2" data-testid="platform-connections">
      <h3 className="text-sm font-semibold text-neutral-900">{POOLS_TITLE}</h3>
      <p className="text-sm text-neutral-600" data-testid="platform-connections-budget">
        {POOLS_DESCRIPTION(connections.budget, maxConnections, connections.reserved_for_clients)}
      </p>
      <DataTable
        headers={POOL_HEADERS}
        rows={connections.pools}
        rowKey={(pool) => pool.consumer}
        rowTestId={(pool) => `pool-${pool.consumer}`}
        cells={(pool) => (
          <>
            <td className="py-2 pr-4 text-neutral-900">{POOL_LABELS[pool.consumer]}</td>
            <td className={CELL}>{pool.in_use}</td>
            <td className={CELL}>{pool.idle}</td>
            <td className={CELL}>{pool.waiting}</td>
            <td className={CELL}>{pool.max}</td>
          </>
        )}
      />
    </div>
  )
}
