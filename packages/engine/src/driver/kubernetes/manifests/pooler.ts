import { computeSettings } from '../../../compute'
import type { ProjectRuntimeConfig } from '../../types'
import type { ClusterTemplate } from './cluster'
import type { Metadata } from './metadata'
import { CNPG_API_VERSION, poolerName, projectLabels } from './names'

export interface PoolerManifest {
  apiVersion: typeof CNPG_API_VERSION
  kind: 'Pooler'
  metadata: Metadata
  spec: {
    cluster: { name: string }
    instances: number
    type: 'rw'
    pgbouncer: { poolMode: 'transaction'; parameters: Record<string, string> }
  }
}

/** Connections the server keeps for everything that does not come through the pooler (the operator, replicas). */
const SERVER_RESERVE = 10

/**
 * PgBouncer in front of the project's primary, in transaction mode: many client connections share few server
 * connections. Its Service has the Pooler's name, the project's one address whichever Cluster serves it.
 * The server-side pool stays below the compute size's max_connections, minus a reserve.
 */
export function projectPooler(
  template: ClusterTemplate,
  ref: string,
  clusterName: string,
  config: Pick<ProjectRuntimeConfig, 'computeSize'>,
): PoolerManifest {
  const maxConnections = computeSettings(config.computeSize).max_connections
  return {
    apiVersion: CNPG_API_VERSION,
    kind: 'Pooler',
    metadata: { name: poolerName(ref), namespace: template.namespace, labels: projectLabels(ref) },
    spec: {
      cluster: { name: clusterName },
      instances: 1,
      type: 'rw',
      pgbouncer: {
        poolMode: 'transaction',
        parameters: {
          max_client_conn: String(maxConnections * 10),
          default_pool_size: String(Math.max(1, maxConnections - SERVER_RESERVE)),
        },
      },
    },
  }
}
