/** The API group and version of every CloudNativePG resource the driver writes. */
export const CNPG_GROUP = 'postgresql.cnpg.io'
export const CNPG_VERSION = 'v1'
export const CNPG_API_VERSION = `${CNPG_GROUP}/${CNPG_VERSION}`

/** Labels the driver puts on everything it creates, so a project's resources can be listed and cleaned up. */
export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by'
export const MANAGED_BY = 'pgfleet'
export const PROJECT_LABEL = 'pgfleet.dev/project'
export const MAJOR_LABEL = 'pgfleet.dev/major'
/** The label CloudNativePG puts on a Backup it made from a ScheduledBackup, or that names its Cluster. */
export const CNPG_CLUSTER_LABEL = 'cnpg.io/cluster'

export const HIBERNATION_ANNOTATION = 'cnpg.io/hibernation'
export const RESTARTED_AT_ANNOTATION = 'kubectl.kubernetes.io/restartedAt'
/** Put on a restored Cluster once the project's Pooler points at it: from then on it is the project's live data. */
export const SERVING_ANNOTATION = 'pgfleet.dev/serving-since'

/**
 * A project ref names Kubernetes resources, and CloudNativePG names Services after a Cluster: DNS labels that start
 * with a letter and hold lowercase letters, digits and '-'. The platform's refs are 20 lowercase letters; a ref with
 * '_' (allowed by the local driver) cannot run here. A restored Cluster adds 16 characters to the ref and
 * CloudNativePG up to 16 more (its recovery Job, `-1-full-recovery`), within the 63 a name may have: hence 30.
 */
const KUBERNETES_REF = /^[a-z]([a-z0-9-]{0,28}[a-z0-9])?$/

export function assertKubernetesRef(ref: string): void {
  if (!KUBERNETES_REF.test(ref)) {
    throw new Error(
      `Project ref ${JSON.stringify(ref)} cannot name Kubernetes resources: it must start with a letter and have at most 30 lowercase letters, digits and '-'`,
    )
  }
}

export const projectLabels = (ref: string): Record<string, string> => ({
  [MANAGED_BY_LABEL]: MANAGED_BY,
  [PROJECT_LABEL]: ref,
})

/** The project's first Cluster is named after the project; a restore makes a new one (see recoveryClusterName). */
export const initialClusterName = (ref: string): string => ref

/** `{ref}-r{yyyymmddhhmmss}`: a Cluster restored from a backup, next to the one it will replace. */
export function recoveryClusterName(ref: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 14)
  return `${ref}-r${stamp}`
}

/** `{ref}-c{yyyymmddhhmmss}`: a throwaway Cluster that checks a backup restores (then deleted). */
export function checkClusterName(ref: string, at: Date): string {
  return recoveryClusterName(ref, at).replace(/-r(\d{14})$/, '-c$1')
}

/** The Pooler keeps its name whichever Cluster it points at: it is the project's stable address. */
export const poolerName = (ref: string): string => `${ref}-pooler`
export const scheduledBackupName = (ref: string): string => `${ref}-daily`
/** Prefixed, so they never meet the `{cluster}-superuser` and `{cluster}-app` Secrets CloudNativePG makes. */
export const bootstrapSecretName = (ref: string): string => `pgfleet-${ref}-bootstrap`
/** A Backup the driver asked for: `{ref}-{yyyymmddhhmmssmmm}` (milliseconds keep two quick backups apart). */
export function backupName(ref: string, at: Date): string {
  return `${ref}-${at.toISOString().replace(/[-:T.Z]/g, '')}`
}
