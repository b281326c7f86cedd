import { createHash } from 'node:crypto'
import { chmod, chown, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  lookupUser,
  PROJECT_FUNCTIONS_USER_PREFIX,
  projectUserName,
  type RunAs,
  removeSystemUser,
  resolveProjectUser,
  resolveRunAs,
} from '@pgfleet/engine'
import type { AppContext } from '../../../context'
import { type ProjectKeyrings, projectKeyrings } from '../../../control/keys/api-key-keyrings'
import { projectKeyValues } from '../../../control/keys/api-key-service'
import { projectApiKeys } from '../../../control/keys/api-keys'
import type { EdgeFunctionRow } from '../../../db/types'
import { HttpError } from '../../../errors'
import { egressPolicyOf } from '../../../security/egress-policy'
import { ProjectDirectory, type ProjectEntry } from '../../rest/project-directory'
import { FunctionStore } from '../store'
import { INTERNAL_API_ORIGIN, type ProjectApiSockets } from './api-socket'
import { BOOTSTRAP_SOURCE } from './bootstrap'
import { denoForUser, locateDeno } from './deno-binary'
import { buildEgressGuard, EGRESS_GUARD_MISSING, guardAllowList, nameServers } from './egress-guard'
import { denoDeniedNetwork, localHostNames, localIpv6Addresses } from './sandbox'
import type { WorkerRuntime, WorkerSpec } from './worker'
import { WorkerPool } from './worker-pool'

/** Limits of the runtime (see docs/edge-functions.md). */
export const EDGE_FUNCTION_IDLE_MS = 5 * 60_000
export const EDGE_FUNCTION_IDLE_SWEEP_MS = 30_000
export const EDGE_FUNCTION_START_TIMEOUT_MS = 15_000
export const EDGE_FUNCTION_MEMORY_MB = 150
/** CPU time a worker may use in all between two requests (garbage collection, a timer finishing), read this often. */
export const EDGE_FUNCTION_IDLE_CPU_ALLOWANCE_MS = 500
export const EDGE_FUNCTION_IDLE_CPU_SAMPLE_MS = 250
/** A function's row is cached this long between invocations (a deploy or delete drops it at once). */
const FUNCTION_CACHE_TTL_MS = 1_000
const MAX_CACHED_FUNCTIONS = 10_000

export const DENO_MISSING_MESSAGE =
  'Edge functions cannot run on this platform: the Deno runtime is not installed (run npm install)'

interface Setup {
  runAs: RunAs | null
  store: FunctionStore
}

/**
 * Everything edge functions share inside one platform: the file store, the worker pool and the caches the
 * invocation path reads. One per AppContext (see `edgeFunctionsRuntime`).
 */
export class EdgeFunctionsRuntime {
  readonly directory: ProjectDirectory
  /** every project's keys, shared by the services of the process (verify_jwt asks them) */
  readonly keyrings: ProjectKeyrings
  readonly pool: WorkerPool
  /** per request: CPU time of the worker and wall-clock time, past which the worker is killed */
  readonly limits: { cpuTimeMs: number; wallClockMs: number }
  /** the unix sockets through which functions call their project's APIs; set once the HTTP server exists */
  apiSockets: ProjectApiSockets | null = null
  private setup: Promise<Setup> | null = null
  private workerRuntime: Promise<WorkerRuntime> | null = null
  private readonly functions = new Map<string, { row: EdgeFunctionRow | null; loadedAt: number }>()
  private readonly keys = new Map<string, { anon: string; service_role: string }>()
  private readonly newKeys = new Map<string, { values: ReturnType<typeof projectKeyValues>; loadedAt: number }>()
  private readonly allowLists = new Map<string, { allow: string[]; loadedAt: number }>()
  /** the allow-list's names as addresses, for the egress guard: resolving them is too slow for every call */
  private readonly resolvedAllowLists = new Map<string, { key: string; list: Promise<string[]>; loadedAt: number }>()
  /** each project's worker user: looking it up runs `getent`, too slow for every call */
  private readonly workerUsers = new Map<string, Promise<RunAs | null>>()
  private hostNames: Promise<string[]> | null = null
  private guard: Promise<string | null> | null = null
  private ipv6: Promise<string[]> | null = null

  constructor(private readonly ctx: AppContext) {
    this.limits = { cpuTimeMs: ctx.config.functions.cpuTimeMs, wallClockMs: ctx.config.functions.wallClockMs }
    this.directory = new ProjectDirectory(ctx.db)
    this.keyrings = projectKeyrings(ctx)
    const { maxWorkersPerProject, maxWorkers, queueTimeoutMs } = ctx.config.functions
    this.pool = new WorkerPool(() => this.runtime(), {
      idleMs: EDGE_FUNCTION_IDLE_MS,
      sweepIntervalMs: EDGE_FUNCTION_IDLE_SWEEP_MS,
      caps: { perProject: maxWorkersPerProject, total: maxWorkers },
      queueTimeoutMs,
      idleCpu: { allowanceMs: EDGE_FUNCTION_IDLE_CPU_ALLOWANCE_MS, sampleIntervalMs: EDGE_FUNCTION_IDLE_CPU_SAMPLE_MS },
      log: ctx.log.child({ component: 'edge-functions' }),
    })
  }

  async store(): Promise<FunctionStore> {
    return (await this.prepare()).store
  }

  /** The function's row (cached briefly), or null when it does not exist. */
  async functionRow(ref: string, slug: string): Promise<EdgeFunctionRow | null> {
    const key = `${ref}/${slug}`
    const cached = this.functions.get(key)
    if (cached && Date.now() - cached.loadedAt < FUNCTION_CACHE_TTL_MS) return cached.row
    const row =
      (await this.ctx.db
        .selectFrom('edge_functions')
        .selectAll()
        .where('project_ref', '=', ref)
        .where('slug', '=', slug)
        .executeTakeFirst()) ?? null
    if (this.functions.size >= MAX_CACHED_FUNCTIONS) this.functions.clear()
    this.functions.set(key, { row, loadedAt: Date.now() })
    return row
  }

  /** The OS user of the project's workers: its own when the platform runs as root, none otherwise. */
  async workerUser(ref: string): Promise<RunAs | null> {
    const { runAs } = await this.prepare()
    if (!runAs) return null
    let user = this.workerUsers.get(ref)
    if (!user) {
      user = resolveProjectUser(ref, PROJECT_FUNCTIONS_USER_PREFIX)
      if (this.workerUsers.size >= MAX_CACHED_FUNCTIONS) this.workerUsers.clear()
      this.workerUsers.set(ref, user)
      // a failed lookup is asked again by the next call
      user.catch(() => this.workerUsers.delete(ref))
    }
    return user
  }

  /** The project is deleted: its workers' OS user goes too (its workers have stopped). */
  async removeWorkerUser(ref: string): Promise<void> {
    const { runAs } = await this.prepare()
    this.workerUsers.delete(ref)
    const name = projectUserName(ref, PROJECT_FUNCTIONS_USER_PREFIX)
    if (runAs && (await lookupUser(name))) await removeSystemUser(name)
  }

  /** What a worker for this function version needs: its directory, entrypoint, environment and OS user. */
  async workerSpec(project: ProjectEntry, row: EdgeFunctionRow): Promise<WorkerSpec> {
    const store = await this.store()
    const dir = store.versionDir(project.ref, row.slug, row.version)
    const keys = await this.apiKeys(project)
    const runAs = await this.workerUser(project.ref)
    const socketDir = path.join(this.runtimeDir(), 'run', project.ref)
    if (!this.apiSockets) throw new Error('The functions API sockets are not set up')
    const apiSocketPath = await this.apiSockets.ensure(project.ref, socketDir, runAs)
    const allow = await this.networkAllow(project.ref)
    const guardAllow = (await this.egressGuard()) ? await this.resolvedAllow(project.ref, allow) : []
    const newKeys = await this.newApiKeys(project.ref)
    const env = {
      SUPABASE_URL: `${INTERNAL_API_ORIGIN}/p/${project.ref}`,
      SUPABASE_ANON_KEY: keys.anon,
      SUPABASE_SERVICE_ROLE_KEY: keys.service_role,
      // the hosted product's names: JSON objects of the keys by name ({"default": "sb_…"})
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify(newKeys.publishable),
      SUPABASE_SECRET_KEYS: JSON.stringify(newKeys.secret),
    }
    return {
      key: `${project.ref}/${row.slug}`,
      version: row.version,
      dir,
      entrypointUrl: pathToFileURL(path.join(dir, ...row.entrypoint_path.split('/'))).href,
      env,
      // a changed key or allow-list replaces the running worker
      fingerprint: createHash('sha256').update(JSON.stringify({ env, allow })).digest('hex'),
      runAs,
      socketDir,
      apiSocketPath,
      deniedNetwork: denoDeniedNetwork({
        hostNames: await this.localHostNames(),
        ipv6: await this.localIpv6(),
        guardAllow,
        projectAllow: allow,
        operator: egressPolicyOf(this.ctx.config).operatorAllowed,
      }),
      egressAllow: guardAllow,
    }
  }

  /** The project's network allow-list (cached briefly; `forgetNetwork` after a change). */
  async networkAllow(ref: string): Promise<string[]> {
    const cached = this.allowLists.get(ref)
    if (cached && Date.now() - cached.loadedAt < FUNCTION_CACHE_TTL_MS) return cached.allow
    const row = await this.ctx.db
      .selectFrom('projects')
      .select('functions_network_allow')
      .where('ref', '=', ref)
      .executeTakeFirst()
    const allow = row?.functions_network_allow ?? []
    if (this.allowLists.size >= MAX_CACHED_FUNCTIONS) this.allowLists.clear()
    this.allowLists.set(ref, { allow, loadedAt: Date.now() })
    return allow
  }

  forgetNetwork(ref: string): void {
    this.allowLists.delete(ref)
    this.resolvedAllowLists.delete(ref)
  }

  /** The allow-list with names resolved to addresses (cached briefly, like the list itself). */
  private resolvedAllow(ref: string, allow: string[]): Promise<string[]> {
    const key = allow.join(',')
    const cached = this.resolvedAllowLists.get(ref)
    if (cached && cached.key === key && Date.now() - cached.loadedAt < FUNCTION_CACHE_TTL_MS) return cached.list
    const list = guardAllowList(allow, egressPolicyOf(this.ctx.config).operatorAllowed)
    if (this.resolvedAllowLists.size >= MAX_CACHED_FUNCTIONS) this.resolvedAllowLists.clear()
    this.resolvedAllowLists.set(ref, { key, list, loadedAt: Date.now() })
    return list
  }

  private localHostNames(): Promise<string[]> {
    this.hostNames ??= localHostNames()
    return this.hostNames
  }

  private localIpv6(): Promise<string[]> {
    this.ipv6 ??= localIpv6Addresses()
    return this.ipv6
  }

  /** After a deploy or delete: the next call reads the new row and starts the new version. */
  async forget(ref: string, slug: string): Promise<void> {
    this.functions.delete(`${ref}/${slug}`)
    await this.pool.stopFunction(ref, slug)
  }

  /** A project is pausing or being deleted: its workers stop and its cached state goes. */
  async stopProject(ref: string): Promise<void> {
    this.directory.invalidate(ref)
    for (const key of this.functions.keys()) if (key.startsWith(`${ref}/`)) this.functions.delete(key)
    await this.pool.stopProject(ref)
    await this.apiSockets?.close(ref)
  }

  async stopAll(): Promise<void> {
    await this.pool.stopAll()
    await this.apiSockets?.closeAll()
  }

  /** The project's publishable and secret keys (read again after FUNCTION_CACHE_TTL_MS: a revoked key leaves). */
  private async newApiKeys(ref: string) {
    const cached = this.newKeys.get(ref)
    if (cached && Date.now() - cached.loadedAt < FUNCTION_CACHE_TTL_MS) return cached.values
    const values = projectKeyValues(this.ctx, ref)
    if (this.newKeys.size >= MAX_CACHED_FUNCTIONS) this.newKeys.clear()
    this.newKeys.set(ref, { values, loadedAt: Date.now() })
    values.catch(() => this.newKeys.delete(ref))
    return values
  }

  private async apiKeys(project: ProjectEntry) {
    const cacheKey = `${project.ref}:${project.jwtSecret}`
    let keys = this.keys.get(cacheKey)
    if (!keys) {
      keys = await projectApiKeys({ ref: project.ref, jwt_secret: project.jwtSecret, created_at: project.createdAt })
      if (this.keys.size >= MAX_CACHED_FUNCTIONS) this.keys.clear()
      this.keys.set(cacheKey, keys)
    }
    return keys
  }

  private prepare(): Promise<Setup> {
    this.setup ??= (async () => {
      const runAs = await resolveRunAs(this.ctx.config.runAsUser)
      const store = new FunctionStore(path.join(this.ctx.config.dataDir, 'functions'), (ref) => this.workerUser(ref))
      return { runAs, store }
    })()
    this.setup.catch(() => {
      this.setup = null
    })
    return this.setup
  }

  /**
   * The egress guard library, built once per process (null when the machine has no C compiler: the isolation
   * report then says what is missing).
   */
  egressGuard(): Promise<string | null> {
    this.guard ??= (async () => {
      const dir = this.runtimeDir()
      await mkdir(dir, { recursive: true })
      const library = await buildEgressGuard(dir)
      if (!library) this.ctx.log.child({ component: 'edge-functions' }).warn(EGRESS_GUARD_MISSING)
      return library
    })()
    return this.guard
  }

  private runtimeDir(): string {
    return path.join(this.ctx.config.dataDir, 'edge-runtime')
  }

  /** Locates Deno and writes the bootstrap, once; a missing Deno answers 503 (and is looked for again later). */
  private runtime(): Promise<WorkerRuntime> {
    this.workerRuntime ??= (async () => {
      const { runAs } = await this.prepare()
      const deno = await locateDeno()
      if (!deno) throw new HttpError(503, DENO_MISSING_MESSAGE)
      const runtimeDir = this.runtimeDir()
      await mkdir(runtimeDir, { recursive: true })
      await chmod(runtimeDir, runAs ? 0o755 : 0o700)
      const bootstrapPath = path.join(runtimeDir, 'bootstrap.js')
      await writeFile(bootstrapPath, BOOTSTRAP_SOURCE, { mode: 0o644 })
      await chmod(bootstrapPath, 0o644)
      await mkdir(path.join(runtimeDir, 'run'), { recursive: true, mode: 0o711 })
      await chmod(path.join(runtimeDir, 'run'), runAs ? 0o711 : 0o700)
      const guard = await this.egressGuard()
      return {
        denoPath: await denoForUser(deno, runAs, runtimeDir),
        bootstrapPath,
        egressGuard: guard ? { library: guard, dns: await nameServers() } : null,
        // Deno's module cache, one per project: written by the workers themselves, so it belongs to their user
        denoDir: async (spec) => {
          const dir = path.join(runtimeDir, 'deno-dir', spec.key.split('/')[0] ?? 'shared')
          await mkdir(dir, { recursive: true, mode: 0o700 })
          if (spec.runAs) await chown(dir, spec.runAs.uid, spec.runAs.gid)
          return dir
        },
        memoryMb: EDGE_FUNCTION_MEMORY_MB,
        startTimeoutMs: EDGE_FUNCTION_START_TIMEOUT_MS,
      }
    })()
    this.workerRuntime.catch(() => {
      this.workerRuntime = null
    })
    return this.workerRuntime
  }
}

const runtimes = new WeakMap<AppContext, EdgeFunctionsRuntime>()

export function edgeFunctionsRuntime(ctx: AppContext): EdgeFunctionsRuntime {
  let runtime = runtimes.get(ctx)
  if (!runtime) {
    runtime = new EdgeFunctionsRuntime(ctx)
    runtimes.set(ctx, runtime)
  }
  return runtime
}

/** The stop listener platform.ts registers: a pausing or deleted project's workers stop. */
export const stopProjectFunctions = (ctx: AppContext, ref: string) => edgeFunctionsRuntime(ctx).stopProject(ref)
