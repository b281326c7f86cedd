import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import type { ProjectOperation } from './state-machine'

/**
 * The moments of a project's life a service can act on: one per lifecycle job. A preview branch is a project of its
 * own, made by the create job: branching's create hooks do its branch part, and a service with work for a new branch
 * registers on 'create', after 'branching'.
 */
export type LifecycleEvent = ProjectOperation

/**
 * Where in the job a hook runs. 'before': before the job touches the project's cluster. 'ready' (create only): the
 * new cluster answers, and the project is not yet marked healthy, so what the hook makes is there before any client
 * sees the project. 'after': once the job's own work is done; the project has its new status, except on delete,
 * where the cluster is gone and the row still there.
 */
export type LifecycleStage = 'before' | 'ready' | 'after'

/**
 * What a hook's failure does. 'fail-job': the job fails with the hook's error, and the queue retries the whole job
 * (hooks that ran already run again). 'report': the hook is tried again in place a few times, then its failure is
 * logged and the job goes on; for work that can catch up later.
 */
export type HookFailureMode = 'fail-job' | 'report'

/**
 * The database identity a hook's own work uses, declared so a review sees it without reading the hook.
 * 'none': it opens no connection to the project (files, queues, the control plane, the driver's file operations).
 * 'service': the service's own login to the project (e.g. authenticator for storage); the default.
 * 'tenant-owner': the project's owner role, never a superuser: for changes the tenant could make themselves.
 */
export type HookRole = 'none' | 'service' | 'tenant-owner'

/** The platform's superuser, with the reason that was reviewed; only `registerSuperuserHook` gives a hook this. */
export interface SuperuserRole {
  superuser: string
}

export interface HookInput {
  ctx: AppContext
  /** the row as the job read it when it started: what the job changed since (status, port) is read again */
  project: ProjectRow
  /** aborted when the hook's time is up: long work should stop there, since the job has moved on */
  signal: AbortSignal
}

/**
 * What a service does at one moment of a project's life. Every hook must be idempotent: jobs are durable and resume
 * after a crash or a failed attempt, calling every hook of the stage again, those that finished included.
 */
export interface LifecycleHook {
  /** the service that registers it, the name other hooks order themselves by */
  service: string
  /** what it does, unique within its service, event and stage; shown in logs and errors */
  name: string
  event: LifecycleEvent
  stage: LifecycleStage
  /** services whose hooks of the same event and stage run first (absent ones are ignored) */
  after?: readonly string[]
  onFailure: HookFailureMode
  /** default 60 s; past it the hook fails with a message naming it */
  timeoutMs?: number
  /** default 'service' */
  role?: HookRole
  run(input: HookInput): Promise<void>
}

/** A hook as the registry keeps it: defaults filled in. */
export interface RegisteredHook extends Omit<LifecycleHook, 'role' | 'timeoutMs' | 'after'> {
  after: readonly string[]
  timeoutMs: number
  role: HookRole | SuperuserRole
}

/** A 'report' hook that still failed after its attempts; the job went on. */
export interface ReportedHookFailure {
  service: string
  name: string
  error: Error
}
