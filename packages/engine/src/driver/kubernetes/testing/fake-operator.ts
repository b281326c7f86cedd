import type { KubeObject } from '../api'
import { HIBERNATION_ANNOTATION, RESTARTED_AT_ANNOTATION } from '../manifests/names'
import { CLUSTER_PHASES, HIBERNATION_CONDITION, READY_CONDITION } from '../status'
import type { KubernetesApiDouble, StoredEvent } from './api-double'

export interface FakeOperatorOptions {
  /** Time between two status updates of one transition. */
  stepMs?: number
  /** Image tag per major, as an ImageCatalog would map them. */
  versions?: Record<number, string>
  /** Clusters that never become ready (to test the waits' time limits). */
  stall?: boolean
  /** Recoveries end in a phase that needs a person. */
  failRecovery?: boolean
  /** Backups end in phase failed. */
  failBackups?: boolean
}

type Step = (current: KubeObject) => Record<string, unknown> | null

const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z')

/**
 * Moves Clusters and Backups through the statuses CloudNativePG's documentation describes (phases, the Ready and
 * cnpg.io/hibernation conditions, Backup phases pending → running → completed), in reaction to what the driver
 * writes; a test can then check the driver's waits and the status mapping against realistic sequences.
 */
export class FakeCnpgOperator {
  private readonly seenRestart = new Map<string, string | undefined>()
  private readonly busy = new Set<string>()
  private readonly step: number

  constructor(
    private readonly api: KubernetesApiDouble,
    private readonly options: FakeOperatorOptions = {},
  ) {
    this.step = options.stepMs ?? 20
    api.onChange((event) => this.react(event))
  }

  private later(key: string, updates: Step[]): void {
    if (updates.length === 0) return
    this.busy.add(key)
    const [plural, namespace, name] = key.split('/') as [string, string, string]
    const run = (index: number) => {
      const current = this.api.get(plural, namespace, name)
      const update = updates[index]
      if (!current) return void this.busy.delete(key)
      if (!update) {
        this.busy.delete(key)
        // a change that came while this transition ran has not been acted on yet
        return this.react({ type: 'MODIFIED', plural, namespace, object: current, resourceVersion: 0 })
      }
      const status = update(current)
      if (status) this.api.put(plural, namespace, { ...current, status: { ...current.status, ...status } })
      setTimeout(() => run(index + 1), this.step)
    }
    setTimeout(() => run(0), this.step)
  }

  private ready(cluster: KubeObject, ready: boolean, phase: string = CLUSTER_PHASES.healthy): Record<string, unknown> {
    const conditions = ((cluster.status?.conditions as { type: string }[] | undefined) ?? []).filter(
      (c) => c.type !== READY_CONDITION,
    )
    const major = ((cluster.spec ?? {}) as { imageCatalogRef?: { major: number } }).imageCatalogRef?.major ?? 0
    const image = `ghcr.io/cloudnative-pg/postgresql:${this.options.versions?.[major] ?? `${major}.5`}`
    return {
      phase,
      conditions: [
        ...conditions,
        {
          type: READY_CONDITION,
          status: ready ? 'True' : 'False',
          reason: ready ? 'ClusterIsReady' : 'ClusterIsNotReady',
          lastTransitionTime: now(),
        },
      ],
      ...(ready
        ? {
            image,
            pgDataImageInfo: { image, majorVersion: major },
            currentPrimary: `${cluster.metadata.name}-1`,
            readyInstances: 1,
          }
        : { readyInstances: 0 }),
    }
  }

  private hibernation(cluster: KubeObject, on: boolean): Record<string, unknown> {
    const conditions = ((cluster.status?.conditions as { type: string }[] | undefined) ?? []).filter(
      (c) => c.type !== HIBERNATION_CONDITION && c.type !== READY_CONDITION,
    )
    return {
      conditions: [
        ...conditions,
        { type: READY_CONDITION, status: 'False', reason: 'ClusterIsNotReady', lastTransitionTime: now() },
        {
          type: HIBERNATION_CONDITION,
          status: on ? 'True' : 'False',
          reason: on ? 'Hibernated' : 'HibernationOff',
          message: on ? 'Cluster has been hibernated' : 'Hibernation is off',
          lastTransitionTime: now(),
        },
      ],
      readyInstances: 0,
    }
  }

  private react(event: StoredEvent): void {
    const { object, plural, namespace, type } = event
    const key = `${plural}/${namespace}/${object.metadata.name}`
    if (type === 'DELETED' || this.busy.has(key)) return
    if (plural === 'backups' && type === 'ADDED') this.backup(key, object)
    if (plural === 'clusters' && type === 'ADDED') this.applicationSecret(namespace, object)
    if (plural === 'clusters') this.later(key, this.clusterTransition(key, object, type))
  }

  /**
   * CloudNativePG's application database: a Cluster made by initdb (the default bootstrap) gets `app` owned by
   * `app` unless its initdb names them, and, unless initdb names the owner's Secret, a `{cluster}-app` basic-auth
   * Secret with a password it makes (the owner's password from then on).
   */
  private applicationSecret(namespace: string, cluster: KubeObject): void {
    const bootstrap = (cluster.spec?.bootstrap ?? {}) as Record<string, unknown>
    const usesInitdb = bootstrap.initdb !== undefined || Object.keys(bootstrap).length === 0
    const initdb = (bootstrap.initdb ?? {}) as { database?: string; owner?: string; secret?: { name?: string } }
    if (!usesInitdb || initdb.secret?.name) return
    const owner = initdb.owner ?? initdb.database ?? 'app'
    const base64 = (text: string) => Buffer.from(text).toString('base64')
    this.api.put('secrets', namespace, {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: `${cluster.metadata.name}-app`, namespace },
      type: 'kubernetes.io/basic-auth',
      data: { username: base64(owner), password: base64('made-by-the-operator') },
    } as never)
  }

  /** The status updates CloudNativePG would make after this change of a Cluster (none when there is nothing to do). */
  private clusterTransition(key: string, object: KubeObject, type: string): Step[] {
    const annotations = object.metadata.annotations ?? {}
    const spec = (object.spec ?? {}) as { bootstrap?: { recovery?: unknown }; imageCatalogRef?: { major: number } }
    const hibernated = (object.status?.conditions as { type: string; status: string }[] | undefined)?.some(
      (c) => c.type === HIBERNATION_CONDITION && c.status === 'True',
    )
    if (type === 'ADDED') {
      this.seenRestart.set(key, annotations[RESTARTED_AT_ANNOTATION])
      if (this.options.stall) return [() => ({ phase: CLUSTER_PHASES.settingUpPrimary })]
      if (spec.bootstrap?.recovery && this.options.failRecovery) {
        return [
          () => ({ phase: CLUSTER_PHASES.settingUpPrimary }),
          () => ({ phase: CLUSTER_PHASES.unrecoverable, phaseReason: 'recovery target not reached' }),
        ]
      }
      return [(c) => this.ready(c, false, CLUSTER_PHASES.settingUpPrimary), (c) => this.ready(c, true)]
    }
    if (annotations[HIBERNATION_ANNOTATION] === 'on' && !hibernated) return [(c) => this.hibernation(c, true)]
    if (annotations[HIBERNATION_ANNOTATION] !== 'on' && hibernated) {
      return [
        (c) => ({ ...this.hibernation(c, false), phase: CLUSTER_PHASES.waitingForInstances }),
        (c) => this.ready(c, true),
      ]
    }
    if (annotations[RESTARTED_AT_ANNOTATION] !== this.seenRestart.get(key)) {
      this.seenRestart.set(key, annotations[RESTARTED_AT_ANNOTATION])
      return [(c) => this.ready(c, false, CLUSTER_PHASES.restartInPlace), (c) => this.ready(c, true)]
    }
    const running = (object.status?.pgDataImageInfo as { majorVersion?: number } | undefined)?.majorVersion
    if (running !== undefined && running !== spec.imageCatalogRef?.major) {
      return [(c) => this.ready(c, false, CLUSTER_PHASES.majorUpgrade), (c) => this.ready(c, true)]
    }
    return []
  }

  private backup(key: string, backup: KubeObject): void {
    const cluster = ((backup.spec ?? {}) as { cluster?: { name: string } }).cluster?.name ?? ''
    const started = now()
    this.later(key, [
      () => ({ phase: 'running', startedAt: started, serverName: cluster, method: 'barmanObjectStore' }),
      () =>
        this.options.failBackups
          ? { phase: 'failed', error: 'barman-cloud-backup: could not connect to the object store' }
          : {
              phase: 'completed',
              backupId: started.replace(/[-:]/g, '').replace('Z', ''),
              destinationPath: 's3://pgfleet-backups/projects',
              serverName: cluster,
              beginLSN: '0/2000028',
              endLSN: '0/3000000',
              stoppedAt: now(),
              majorVersion: 17,
            },
    ])
  }
}
