import { randomBytes } from 'node:crypto'
import type { CreateProjectInput, CreateProjectResult } from '../types'
import type { KubeObject } from './api'
import type { KubernetesBackups } from './backups'
import { clusterMajor, clusterVersion, type KubernetesContext } from './context'
import { KubernetesConflictError } from './errors'
import { projectScheduledBackup } from './manifests/backups'
import { projectBootstrapSql, tenantPasswordsSql } from './manifests/bootstrap-sql'
import { bootstrapSecret, type ProjectClusterConfig, projectCluster } from './manifests/cluster'
import { bootstrapSecretName, MANAGED_BY, MANAGED_BY_LABEL, poolerName, scheduledBackupName } from './manifests/names'
import { projectPooler } from './manifests/pooler'
import { PLATFORM_LOGIN_ROLES, platformRoleSecret, platformRoleSecretName } from './manifests/roles'
import { describeClusterState, isClusterReady, isFaultPhase } from './status'
import type { WaitVerdict } from './watch'

/** Waiting for a Cluster to serve: a phase that needs a person ends the wait at once. */
export function untilReady(cluster: KubeObject | null): WaitVerdict<KubeObject> {
  if (!cluster) return { failed: 'The project’s database was deleted' }
  if (isFaultPhase(cluster)) return { failed: `The project’s database cannot start: ${describeClusterState(cluster)}` }
  return isClusterReady(cluster) ? { done: true, value: cluster } : { done: false }
}

export function waitForReady(
  k: KubernetesContext,
  namespace: string,
  name: string,
  timeoutMs = k.timeouts.lifecycleMs,
): Promise<KubeObject> {
  return k.watcher.waitFor(namespace, 'clusters', name, untilReady, {
    description: `the project’s database ${name} to be ready`,
    timeoutMs,
  })
}

/**
 * A password for each of the platform's logins in the project, made once: a retry keeps what exists, so the
 * platform's open connections keep working. CloudNativePG sets the roles' passwords from these Secrets.
 */
export async function ensurePlatformRoleSecrets(k: KubernetesContext, namespace: string, ref: string): Promise<void> {
  for (const role of PLATFORM_LOGIN_ROLES) {
    if (await k.api.readSecret(namespace, platformRoleSecretName(ref, role))) continue
    const password = randomBytes(24).toString('base64url')
    await k.api.putSecret(namespace, platformRoleSecret(namespace, ref, role, password))
  }
}

/**
 * A Cluster reads the object store's credentials from a Secret in its own namespace: with a namespace per
 * organization, the platform's copy (in `copyFrom`) is written into the organization's, and kept up to date.
 */
async function copyObjectStoreSecret(k: KubernetesContext, namespace: string): Promise<void> {
  const secret = k.options.objectStore?.credentialsSecret
  if (!secret?.copyFrom || secret.copyFrom === namespace) return
  const source = await k.api.readSecret(secret.copyFrom, secret.name)
  if (!source?.data) {
    throw new Error(`The object store's Secret ${secret.copyFrom}/${secret.name} is missing: backups cannot be set up`)
  }
  await k.api.putSecret(namespace, {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: secret.name, namespace, labels: { [MANAGED_BY_LABEL]: MANAGED_BY } },
    type: source.type ?? 'Opaque',
    data: source.data,
  })
}

/** Null when an earlier attempt created it already: this call carries on from there. */
async function createUnlessExists<T>(create: () => Promise<T>): Promise<T | null> {
  try {
    return await create()
  } catch (error) {
    if (error instanceof KubernetesConflictError) return null
    throw error
  }
}

/** A Cluster made by copying another's data (`bootstrap.pg_basebackup`). */
export function isCopy(cluster: KubeObject): boolean {
  return (cluster.spec?.bootstrap as { pg_basebackup?: unknown } | undefined)?.pg_basebackup !== undefined
}

/**
 * Creates the project's Secrets, Cluster, Pooler and (with an object store) its daily backups, then waits for the
 * Cluster to serve. What an earlier attempt created is kept and carried on from.
 */
export async function createProjectResources(
  k: KubernetesContext,
  input: CreateProjectInput & ProjectClusterConfig,
): Promise<CreateProjectResult> {
  const started = performance.now()
  const { ref } = input
  const namespace = await k.namespace(ref)
  if (typeof k.options.namespace !== 'string') {
    await k.api.ensureNamespace(namespace)
    await copyObjectStoreSecret(k, namespace)
  }
  const template = k.template(namespace)
  const passwords = { ownerPassword: input.superuserPassword, authenticatorPassword: input.authenticatorPassword }
  await ensurePlatformRoleSecrets(k, namespace, ref)
  await k.api.putSecret(namespace, bootstrapSecret(template, ref, projectBootstrapSql(input.major, passwords)))
  // after a restore the Pooler points at a restored Cluster: a retried create must not make a second one
  const name = await k.currentClusterName(namespace, ref)
  const existing = await k.api.get(namespace, 'clusters', name)
  const created = existing
    ? null
    : await createUnlessExists(() => k.api.create(namespace, 'clusters', projectCluster(template, ref, name, input)))
  await createUnlessExists(() => k.api.create(namespace, 'poolers', projectPooler(template, ref, name, input)))
  if (template.objectStore) {
    const scheduled = projectScheduledBackup(template, ref, name, k.options.backupSchedule)
    await createUnlessExists(() => k.api.create(namespace, 'scheduledbackups', scheduled))
  }
  const beforeWait = performance.now()
  const cluster = await waitForReady(k, namespace, name, k.timeouts.createMs)
  // a copy of another project (a branch with data) has that project's passwords: it gets its own
  if (isCopy(cluster)) await k.sql(ref, tenantPasswordsSql(input.major, passwords))
  const done = performance.now()
  return {
    ref,
    major: clusterMajor(cluster) ?? input.major,
    version: clusterVersion(cluster, input.major),
    initialized: created !== null,
    // the operator runs initdb in the cluster's first pod
    dataSource: created !== null ? 'initdb' : 'existing',
    timings: {
      initdbMs: null,
      startMs: Math.round(done - beforeWait),
      bootstrapMs: 0,
      totalMs: Math.round(done - started),
    },
  }
}

/**
 * Deletes the schedule, the Pooler, every Cluster of the project (CloudNativePG deletes their volumes), their
 * Backup resources and the project's Secrets; waits until the serving Cluster is gone. Backup files stay in the
 * object store until its retention policy removes them.
 */
export async function destroyProjectResources(
  k: KubernetesContext,
  backups: KubernetesBackups,
  ref: string,
): Promise<void> {
  const namespace = await k.namespace(ref)
  const serving = await k.currentClusterName(namespace, ref)
  await k.api.delete(namespace, 'scheduledbackups', scheduledBackupName(ref))
  await k.api.delete(namespace, 'poolers', poolerName(ref))
  await backups.delete(ref)
  const clusters = new Set([serving, ...(await k.projectClusters(namespace, ref)).map((c) => c.metadata.name)])
  for (const name of clusters) await k.api.delete(namespace, 'clusters', name)
  const secrets = [bootstrapSecretName(ref), ...PLATFORM_LOGIN_ROLES.map((role) => platformRoleSecretName(ref, role))]
  for (const secret of secrets) await k.api.deleteSecret(namespace, secret)
  await k.watcher.waitFor(
    namespace,
    'clusters',
    serving,
    (cluster) => (cluster ? { done: false } : { done: true, value: undefined }),
    { description: `the project’s database ${serving} to be deleted`, timeoutMs: k.timeouts.lifecycleMs },
  )
}
