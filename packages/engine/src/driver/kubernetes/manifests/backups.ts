import type { ClusterTemplate } from './cluster'
import type { Metadata } from './metadata'
import { CNPG_API_VERSION, projectLabels, scheduledBackupName } from './names'

export interface ScheduledBackupManifest {
  apiVersion: typeof CNPG_API_VERSION
  kind: 'ScheduledBackup'
  metadata: Metadata
  spec: {
    schedule: string
    cluster: { name: string }
    method: 'barmanObjectStore'
    backupOwnerReference: 'self'
    immediate: boolean
  }
}

export interface BackupManifest {
  apiVersion: typeof CNPG_API_VERSION
  kind: 'Backup'
  metadata: Metadata
  spec: { cluster: { name: string }; method: 'barmanObjectStore' }
}

/** Every day at 03:00 (CloudNativePG's schedules have a seconds field first). */
export const DAILY_BACKUP_SCHEDULE = '0 0 3 * * *'

/**
 * The project's daily base backup. The Backups it creates belong to the ScheduledBackup (`self`), so deleting it
 * deletes them; `immediate` takes the first one as soon as the Cluster is ready, so a new project can be restored
 * from the start.
 */
export function projectScheduledBackup(
  template: ClusterTemplate,
  ref: string,
  clusterName: string,
  schedule: string = DAILY_BACKUP_SCHEDULE,
): ScheduledBackupManifest {
  return {
    apiVersion: CNPG_API_VERSION,
    kind: 'ScheduledBackup',
    metadata: { name: scheduledBackupName(ref), namespace: template.namespace, labels: projectLabels(ref) },
    spec: {
      schedule,
      cluster: { name: clusterName },
      method: 'barmanObjectStore',
      backupOwnerReference: 'self',
      immediate: true,
    },
  }
}

/** An on-demand base backup of the Cluster now serving the project. */
export function projectBackup(
  template: ClusterTemplate,
  ref: string,
  clusterName: string,
  name: string,
): BackupManifest {
  return {
    apiVersion: CNPG_API_VERSION,
    kind: 'Backup',
    metadata: { name, namespace: template.namespace, labels: projectLabels(ref) },
    spec: { cluster: { name: clusterName }, method: 'barmanObjectStore' },
  }
}
