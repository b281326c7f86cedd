import type { ProjectBackupDriver } from './backup-driver'
import type { ProjectConnectionDriver } from './connection-driver'
import type { ProjectCopyDriver } from './copy-driver'
import type { ProjectLifecycleDriver } from './lifecycle-driver'
import type { ProjectResourceDriver } from './resource-driver'
import type { ProjectUpgradeDriver } from './upgrade-driver'

export type {
  BackupInfo,
  BackupProjectOptions,
  ProjectBackupDriver,
  RestoreCheckResult,
  RestoreProjectOptions,
  RestoreProjectResult,
} from './backup-driver'
export type { ProjectConnectionDriver, ProjectConnectionOptions, TenantEndpoint } from './connection-driver'
export type { ProjectCopyDriver } from './copy-driver'
export type {
  CreateProjectInput,
  CreateProjectResult,
  PauseProjectResult,
  ProjectHealth,
  ProjectLifecycleDriver,
  RestartProjectResult,
  StartProjectResult,
} from './lifecycle-driver'
export type { LifecycleOptions, ProjectRuntimeConfig } from './project-runtime-config'
export type { ProjectDiskReading, ProjectResourceDriver, ProjectResourceReading } from './resource-driver'
export type {
  ProjectUpgradeDriver,
  UpgradeMethod,
  UpgradeOptions,
  UpgradeProgress,
  UpgradeResult,
} from './upgrade-driver'

/** Operations a driver may be unable to offer at all; the platform then shows the reason instead of a control. */
export type OptionalDriverOperation = 'backup_download'

/**
 * Runs projects' Postgres servers: one interface per concern, so code that needs one of them can ask for just that.
 * Implementations keep no state of their own that a crash could lose: what is running is read back from where the
 * servers run. Every method is safe to retry.
 */
export interface ProjectDriver
  extends ProjectLifecycleDriver,
    ProjectBackupDriver,
    ProjectCopyDriver,
    ProjectUpgradeDriver,
    ProjectResourceDriver,
    ProjectConnectionDriver {
  readonly kind: string
  /** What this driver can never do, each with the reason users are shown (empty: everything is offered). */
  readonly unavailableOperations: Partial<Record<OptionalDriverOperation, string>>
  /** Whether each project runs as an operating-system user of its own. */
  isolatesProjects(): boolean
}
