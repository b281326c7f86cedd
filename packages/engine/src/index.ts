export { cloneRunningCluster } from './backup/clone'
export { archiveStoppedCluster } from './backup/cold'
export { readArchiveManifest } from './backup/manifest'
export { onlineBaseBackup } from './backup/online'
export { type ControlFileSummary, formatLsn, readControlFile } from './backup/pg-control'
export { restoreArchive } from './backup/restore'
export { type ArchiveTools, archiveTools, preferredArchiveExtension } from './backup/tools'
export {
  type ArchiveCompression,
  type ArchiveOptions,
  type ArchiveResult,
  type ArchiveSource,
  type BackupKind,
  type BackupManifest,
  type BackupSidecar,
  type CloneMethod,
  type CloneResult,
  MANIFEST_NAME,
  type OnlineArchiveSource,
  type ProgressCallback,
  type RestoreArchiveOptions,
  type RestoreArchiveResult,
  type WalArchiveState,
} from './backup/types'
export { ARCHIVE_TIMEOUT_S } from './backup/wal-archive'
export { checkpointCluster } from './cluster/checkpoint'
export {
  assertSocketPathFits,
  connectionConfig,
  MAX_SOCKET_PATH_BYTES,
  socketPath,
  type WithClientOptions,
  withClient,
} from './cluster/client'
export { type HostAuthMethod, PLATFORM_IDENT_MAP, renderHba, renderIdent, writeHba } from './cluster/hba'
export {
  type InitClusterOptions,
  type InitClusterTimings,
  initCluster,
  isInitializedDataDir,
  partialDataDir,
} from './cluster/init'
export { readLogTail } from './cluster/log-tail'
export {
  clusterPid,
  isClusterRunning,
  isPostmasterProcess,
  type PostmasterPidFile,
  parsePidFile,
  readPidFile,
} from './cluster/pid-file'
export { probeCluster } from './cluster/probe'
export { clusterReadOnly, setClusterReadOnly } from './cluster/read-only-mode'
export {
  READ_ONLY_ROLE,
  readOnlyRoleSql,
} from './cluster/read-only-role'
export { restartCluster } from './cluster/restart'
export {
  API_ROLES,
  AUTHENTICATOR_ROLE,
  FIRST_MAJOR_WITH_RESERVED_CONNECTIONS,
  FIRST_MAJOR_WITH_SAFE_CREATEROLE,
  MIGRATION_ROLE,
  PLATFORM_SUPERUSER,
  SERVER_ACCESS_ROLES,
  TENANT_OWNER_MEMBERSHIPS,
  TENANT_OWNER_ROLE,
} from './cluster/role-names'
export {
  alterRolePasswordSql,
  type BootstrapRolesOptions,
  bootstrapProjectRoles,
  setRolePassword,
} from './cluster/roles'
export { isPasswordVerifier, scramSha256Verifier } from './cluster/scram'
export {
  MANAGED_SETTINGS,
  parseSettings,
  readSettingsPort,
  readStoredSettings,
  renderSettings,
  SETTINGS_FILE_NAME,
  type StoredSettings,
  writeClusterSettings,
} from './cluster/settings'
export { type StartClusterOptions, type StartClusterResult, startCluster } from './cluster/start'
export { STOP_SIGNALS, stopCluster } from './cluster/stop'
export { securePlatformSuperuser } from './cluster/superuser-login'
export { ensurePlatformSuperuser, type SuperuserLayout, superuserLayout } from './cluster/superuser-migration'
export { platformPassfile, platformSuperuserPassword, usePlatformPassfile } from './cluster/superuser-password'
export type {
  ClusterHealth,
  ClusterLocation,
  ClusterSpec,
  SettingValue,
  StopMode,
  SuperuserLogin,
} from './cluster/types'
export { SOCKET_ONLY_PORT } from './cluster/types'
export { renderCeilingHba, setClusterWriteCeiling } from './cluster/write-ceiling'
export { COMPUTE_SIZES, type ComputeSettings, type ComputeSize, computeSettings, isComputeSize } from './compute'
export { DriverOperationUnsupportedError } from './driver/errors'
export { LocalDriver } from './driver/local'
export type { LocalDriverOptions } from './driver/local-options'
export type { LocalProjectPaths } from './driver/local-paths'
export {
  DISK_WALK_POLICY,
  type DiskWalkPolicy,
  ProjectResourceReader,
  projectDiskReading,
  projectResourceReadings,
} from './driver/local-resources'
export type {
  BackupInfo,
  BackupProjectOptions,
  CreateProjectInput,
  CreateProjectResult,
  LifecycleOptions,
  OptionalDriverOperation,
  PauseProjectResult,
  ProjectConnectionOptions,
  ProjectDiskReading,
  ProjectDriver,
  ProjectHealth,
  ProjectResourceReading,
  ProjectRuntimeConfig,
  RestartProjectResult,
  RestoreProjectOptions,
  RestoreProjectResult,
  StartProjectResult,
  TenantEndpoint,
  UpgradeMethod,
  UpgradeOptions,
  UpgradeProgress,
  UpgradeResult,
} from './driver/types'
export { clearEngineCache, discoverEngines, engineForMajor, findClientTool } from './engines/discover'
export type { ClientTool, DiscoverEnginesOptions, EngineTools, PostgresEngine } from './engines/types'
export { type EngineLogFields, type EngineLogger, SILENT_ENGINE_LOGGER } from './logger'
export { allocatePort, canBind, type PortRange } from './ports'
export { containedFile } from './system/contained-path'
export { type DirectoryUsage, directoryUsage } from './system/disk-usage'
export { mkdirOwned, mkdirPlatformOwned, writeFileOwned } from './system/fs-owned'
export { type ProcessTreeUsage, processTreeUsage, readProcessChildren } from './system/proc-stats'
export {
  PROJECT_FUNCTIONS_USER_PREFIX,
  PROJECT_ID_RANGE,
  PROJECT_POSTGRES_USER_PREFIX,
  PROJECT_USER_PREFIXES,
  projectUserName,
  removeProjectUsers,
  removeSystemUser,
  resolveProjectUser,
} from './system/project-users'
export { removeTree } from './system/remove-tree'
export { DEFAULT_RUN_AS_USER, type IdRange, lookupUser, type RunAs, resolveRunAs } from './system/run-as'
export { assertTraversableBy } from './system/traversable'
export { UPGRADE_PROGRESS_KEYS, type UpgradeProgressKey } from './upgrade/progress'
