import type { ProjectHealth } from '../types'
import type { KubeObject } from './api'
import { HIBERNATION_ANNOTATION, SERVING_ANNOTATION } from './manifests/names'

/** CloudNativePG's `status.phase` texts the driver reacts to (the operator's own constants). */
export const CLUSTER_PHASES = {
  healthy: 'Cluster in healthy state',
  settingUpPrimary: 'Setting up primary',
  creatingReplica: 'Creating a new replica',
  waitingForInstances: 'Waiting for the instances to become active',
  applyingConfiguration: 'Applying configuration',
  rollingUpdate: 'Upgrading cluster',
  majorUpgrade: 'Upgrading Postgres major version',
  restartInPlace: 'Primary instance is being restarted in-place',
  restartWithoutSwitchover: 'Primary instance is being restarted without a switchover',
  switchover: 'Switchover in progress',
  failingOver: 'Failing over',
  unrecoverable: 'Cluster cannot proceed to reconciliation due to an unknown error',
  imageCatalogError: 'Cluster cannot proceed to reconciliation due to an error while retrieving the image catalog',
  cannotCreateObjects: 'Unable to create required cluster objects',
} as const

/** Phases that need a person: the operator will not get out of them alone. */
const FAULT_PHASES = new Set<string>([
  CLUSTER_PHASES.unrecoverable,
  CLUSTER_PHASES.imageCatalogError,
  CLUSTER_PHASES.cannotCreateObjects,
  'Cluster is in an unrecoverable state, needs manual intervention',
])

export const READY_CONDITION = 'Ready'
export const HIBERNATION_CONDITION = 'cnpg.io/hibernation'

interface Condition {
  type: string
  status: 'True' | 'False' | 'Unknown'
  reason?: string
  message?: string
  lastTransitionTime?: string
}

export function clusterPhase(cluster: KubeObject): string {
  const phase = cluster.status?.phase
  return typeof phase === 'string' ? phase : ''
}

export function clusterCondition(cluster: KubeObject, type: string): Condition | undefined {
  const conditions = cluster.status?.conditions
  return Array.isArray(conditions) ? (conditions as Condition[]).find((c) => c.type === type) : undefined
}

export const hibernationRequested = (cluster: KubeObject): boolean =>
  cluster.metadata.annotations?.[HIBERNATION_ANNOTATION] === 'on'

export const isHibernatedNow = (cluster: KubeObject): boolean =>
  hibernationRequested(cluster) && clusterCondition(cluster, HIBERNATION_CONDITION)?.status === 'True'

export const isFaultPhase = (cluster: KubeObject): boolean => FAULT_PHASES.has(clusterPhase(cluster))

/**
 * Serving: healthy phase, Ready condition true, at least one ready instance (when the status counts them), not
 * hibernating. The instance count guards against a status written before the pods went, e.g. back from hibernation.
 */
export function isClusterReady(cluster: KubeObject | null): boolean {
  if (!cluster || hibernationRequested(cluster)) return false
  const readyInstances = cluster.status?.readyInstances
  if (typeof readyInstances === 'number' && readyInstances < 1) return false
  return (
    clusterPhase(cluster) === CLUSTER_PHASES.healthy && clusterCondition(cluster, READY_CONDITION)?.status === 'True'
  )
}

/** The phase and the reason CloudNativePG gives, for error messages. */
export function describeClusterState(cluster: KubeObject): string {
  const reason = cluster.status?.phaseReason
  const phase = clusterPhase(cluster) || 'no phase yet'
  return typeof reason === 'string' && reason ? `${phase} (${reason})` : phase
}

export function clusterHealth(cluster: KubeObject | null): ProjectHealth {
  if (!cluster || hibernationRequested(cluster) || isFaultPhase(cluster)) return 'down'
  return isClusterReady(cluster) ? 'ready' : 'starting'
}

/** The project statuses of the product (see docs/kubernetes.md for the table this implements). */
export type ProjectStatus =
  | 'ACTIVE_HEALTHY'
  | 'COMING_UP'
  | 'UNKNOWN'
  | 'INACTIVE'
  | 'GOING_DOWN'
  | 'PAUSING'
  | 'PAUSE_FAILED'
  | 'RESTARTING'
  | 'RESIZING'
  | 'UPGRADING'
  | 'RESTORING'
  | 'RESTORE_FAILED'

const isRecovery = (cluster: KubeObject): boolean =>
  Boolean((cluster.spec?.bootstrap as { recovery?: unknown } | undefined)?.recovery)

/** A restored Cluster serves the project once the driver has pointed the Pooler at it, and marked it so. */
const servesProject = (cluster: KubeObject): boolean => Boolean(cluster.metadata.annotations?.[SERVING_ANNOTATION])

/**
 * A project's status read from its Cluster alone. The platform records the operation it started (it knows a resize
 * from a restart); this is what the Cluster itself says, e.g. after the platform restarted.
 */
export function projectStatusFromCluster(cluster: KubeObject | null): ProjectStatus {
  if (!cluster) return 'UNKNOWN'
  if ((cluster.metadata as { deletionTimestamp?: string }).deletionTimestamp) return 'GOING_DOWN'
  const phase = clusterPhase(cluster)
  if (hibernationRequested(cluster)) {
    if (isHibernatedNow(cluster)) return 'INACTIVE'
    return isFaultPhase(cluster) ? 'PAUSE_FAILED' : 'PAUSING'
  }
  if (isRecovery(cluster) && !servesProject(cluster)) return isFaultPhase(cluster) ? 'RESTORE_FAILED' : 'RESTORING'
  if (isClusterReady(cluster)) return 'ACTIVE_HEALTHY'
  if (isFaultPhase(cluster)) return 'UNKNOWN'
  switch (phase) {
    case CLUSTER_PHASES.majorUpgrade:
      return 'UPGRADING'
    case CLUSTER_PHASES.rollingUpdate:
      return 'RESIZING'
    case CLUSTER_PHASES.restartInPlace:
    case CLUSTER_PHASES.restartWithoutSwitchover:
      return 'RESTARTING'
    default:
      // first start, back from hibernation, a failover or switchover: the project is on its way up
      return 'COMING_UP'
  }
}
