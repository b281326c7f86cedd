import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import {
  type ClusterSpec,
  connectionConfig,
  initCluster,
  isClusterRunning,
  type PostgresEngine,
  type RunAs,
  startCluster,
  stopCluster,
} from '@pgfleet/engine'
import type pg from 'pg'

export interface ControlPlaneDatabase {
  /** node-postgres settings for the platform's own connections */
  connection: pg.PoolConfig
  stop(): Promise<void>
}

/**
 * The embedded control-plane database: a cluster under DATA/control that listens on a unix socket only,
 * so it never clashes with a system Postgres or a project's port.
 */
export async function startEmbeddedControlPlane(
  dataDir: string,
  engine: PostgresEngine,
  runAs: RunAs | null,
): Promise<ControlPlaneDatabase> {
  const root = path.join(dataDir, 'control')
  await mkdir(root, { recursive: true })
  const spec: ClusterSpec = {
    dataDir: path.join(root, 'pgdata'),
    socketDir: path.join(root, 'run'),
    port: null,
    listenAddress: '',
    engine,
    runAs,
    logFile: path.join(root, 'postgres.log'),
    settings: { shared_buffers: '64MB', max_connections: 50 },
  }
  if (!existsSync(path.join(spec.dataDir, 'PG_VERSION'))) await initCluster(spec, { superuser: 'postgres' })
  if (!(await isClusterRunning(spec))) await startCluster(spec, { timeoutMs: 30_000 })
  return {
    connection: connectionConfig(spec, 'postgres', 'postgres'),
    stop: () => stopCluster(spec, 'fast'),
  }
}
