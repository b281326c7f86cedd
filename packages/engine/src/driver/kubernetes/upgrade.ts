import type { UpgradeProgressKey } from '../../upgrade/progress'
import type { ProjectRuntimeConfig, UpgradeResult } from '../types'
import type { KubernetesContext } from './context'
import { clusterMajor } from './context'
import { CNPG_GROUP, CNPG_VERSION } from './manifests/names'
import { projectManagedRoles } from './manifests/roles'
import { CLUSTER_PHASES, clusterPhase, describeClusterState, isClusterReady, isFaultPhase } from './status'

/** The data's major, as CloudNativePG reports it once a major upgrade is through. */
function dataMajor(status: Record<string, unknown> | undefined): number | null {
  const major = (status?.pgDataImageInfo as { majorVersion?: unknown } | undefined)?.majorVersion
  return typeof major === 'number' ? major : null
}

/**
 * Major upgrades the CloudNativePG way: the Cluster's `imageCatalogRef.major` changes, and the operator stops the
 * instances, runs pg_upgrade on the primary's volume and starts the new major (an offline upgrade; CloudNativePG
 * keeps the old data until pg_upgrade succeeds, and a failure leaves the Cluster on the old major).
 */
export class KubernetesUpgrades {
  constructor(private readonly k: KubernetesContext) {}

  async blockers(ref: string, sourceMajor: number, targetMajor: number): Promise<string[]> {
    if (targetMajor <= sourceMajor) return [`Postgres ${targetMajor} is not newer than ${sourceMajor}`]
    const { namespace } = await this.k.currentCluster(ref)
    const { kind, name } = this.k.options.imageCatalog
    const catalog =
      kind === 'ImageCatalog'
        ? await this.k.api.get(namespace, 'imagecatalogs', name)
        : await this.k.api.getClusterScoped(`${CNPG_GROUP}/${CNPG_VERSION}`, 'clusterimagecatalogs', name)
    if (!catalog) return [`The image catalog ${name} does not exist`]
    const images = (catalog.spec?.images as { major?: number }[] | undefined) ?? []
    return images.some((image) => image.major === targetMajor)
      ? []
      : [`The image catalog ${name} has no image for Postgres ${targetMajor}`]
  }

  async upgrade(
    ref: string,
    source: ProjectRuntimeConfig,
    target: ProjectRuntimeConfig,
    progress: (key: UpgradeProgressKey) => void | Promise<void>,
  ): Promise<UpgradeResult> {
    const started = performance.now()
    const { namespace, name, cluster } = await this.k.currentCluster(ref)
    if (!cluster) throw new Error(`Project ${ref} has no database`)
    const blockers = await this.blockers(ref, source.major, target.major)
    if (blockers.length > 0) throw new Error(`Cannot upgrade: ${blockers.join('; ')}`)
    await progress('started')
    if (clusterMajor(cluster) !== target.major) {
      // the tenant owner's CREATEROLE depends on the major: the managed roles follow it
      const spec = {
        imageCatalogRef: { major: target.major },
        managed: { roles: projectManagedRoles(ref, target.major) },
      }
      await this.k.api.mergePatch(namespace, 'clusters', name, { spec })
    }
    await progress('initiated data upgrade')
    const upgradeStarted = performance.now()
    await this.k.watcher.waitFor(
      namespace,
      'clusters',
      name,
      (current) => {
        if (!current) return { failed: 'The project’s database was deleted during the upgrade' }
        if (isFaultPhase(current)) return { failed: `The upgrade failed: ${describeClusterState(current)}` }
        const upgraded = dataMajor(current.status) === target.major
        const serving = isClusterReady(current) && clusterPhase(current) !== CLUSTER_PHASES.majorUpgrade
        return upgraded && serving ? { done: true, value: undefined } : { done: false }
      },
      {
        description: `the project’s database ${name} to run Postgres ${target.major}`,
        timeoutMs: this.k.timeouts.createMs,
      },
    )
    await progress('completed data upgrade')
    await progress('completed upgrade')
    const done = performance.now()
    return {
      // CloudNativePG drops the old major's data once pg_upgrade has succeeded: nothing is kept to point at
      previousDataDir: '',
      method: 'operator',
      timings: {
        dumpMs: 0,
        restoreMs: Math.round(done - upgradeStarted),
        syncMs: 0,
        downtimeMs: Math.round(done - upgradeStarted),
        cutOffSteps: {},
        totalMs: Math.round(done - started),
      },
      extensionsUpdated: [],
    }
  }
}
