import type { CnpgPlural, KubeObject, KubernetesApi } from './api'
import { type KubeConfig, Watch } from './client'
import { KubernetesResourceFailedError, KubernetesTimeoutError } from './errors'
import { CNPG_GROUP, CNPG_VERSION } from './manifests/names'

const MIN_STREAM_MS = 1000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

/** What a wait makes of each version of the object: keep waiting, done, or failed (with why). */
export type WaitVerdict<T> = { done: true; value: T } | { done: false } | { failed: string }

export interface WaitOptions {
  /** What is awaited, for the error messages, e.g. "project abc to be ready". */
  description: string
  timeoutMs: number
  /**
   * Judge every version after this one (e.g. what a write returned), so no state in between is missed; without
   * it the wait starts from the object as it is now.
   */
  fromResourceVersion?: string
}

/**
 * Waits for one object to reach a state, from the Kubernetes watch stream (no polling): it reads the object once
 * (unless told where to resume), then watches from that resourceVersion, judging every ADDED and MODIFIED event; a DELETED object is judged as
 * null. When the server ends the stream (its own timeout, or 410 Gone once the version is too old) the wait reads
 * the object again and watches on, until the deadline.
 */
export class ResourceWatcher {
  private readonly watch: Watch

  constructor(
    kubeConfig: KubeConfig,
    private readonly api: KubernetesApi,
  ) {
    this.watch = new Watch(kubeConfig)
  }

  async waitFor<T>(
    namespace: string,
    plural: CnpgPlural,
    name: string,
    judge: (object: KubeObject | null) => WaitVerdict<T>,
    options: WaitOptions,
  ): Promise<T> {
    const deadline = Date.now() + options.timeoutMs
    const path = `/apis/${CNPG_GROUP}/${CNPG_VERSION}/namespaces/${namespace}/${plural}`
    let resumeFrom = options.fromResourceVersion
    while (Date.now() < deadline) {
      let version = resumeFrom
      if (version === undefined) {
        const current = await this.api.get(namespace, plural, name)
        const verdict = judge(current)
        if ('failed' in verdict) throw new KubernetesResourceFailedError(verdict.failed)
        if (verdict.done) return verdict.value
        version = current?.metadata.resourceVersion
      }
      resumeFrom = undefined
      const opened = Date.now()
      const outcome = await this.watchOnce<T>(path, name, version, judge, deadline)
      if (outcome.kind === 'done') return outcome.value
      if (outcome.kind === 'failed') throw new KubernetesResourceFailedError(outcome.message)
      // a stream that ends at once (an API server in trouble) is not re-opened in a tight loop
      const early = MIN_STREAM_MS - (Date.now() - opened)
      if (early > 0) await sleep(Math.min(early, deadline - Date.now()))
    }
    throw new KubernetesTimeoutError(`Timed out after ${options.timeoutMs} ms waiting for ${options.description}`)
  }

  private watchOnce<T>(
    path: string,
    name: string,
    resourceVersion: string | undefined,
    judge: (object: KubeObject | null) => WaitVerdict<T>,
    deadline: number,
  ): Promise<{ kind: 'done'; value: T } | { kind: 'failed'; message: string } | { kind: 'ended' }> {
    return new Promise((resolve) => {
      let settled = false
      let controller: AbortController | undefined
      const finish = (
        outcome: { kind: 'done'; value: T } | { kind: 'failed'; message: string } | { kind: 'ended' },
      ) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        controller?.abort()
        resolve(outcome)
      }
      const timer = setTimeout(() => finish({ kind: 'ended' }), Math.max(0, deadline - Date.now()))
      const query = { fieldSelector: `metadata.name=${name}`, resourceVersion, allowWatchBookmarks: true }
      this.watch
        .watch(
          path,
          query,
          (type: string, object: KubeObject) => {
            // BOOKMARK moves the resourceVersion on; ERROR (e.g. 410 Gone) ends this stream, and the loop re-reads
            if (type === 'ERROR') return finish({ kind: 'ended' })
            if (type !== 'ADDED' && type !== 'MODIFIED' && type !== 'DELETED') return
            if (object?.metadata?.name !== name) return
            const verdict = judge(type === 'DELETED' ? null : object)
            if ('failed' in verdict) finish({ kind: 'failed', message: verdict.failed })
            else if (verdict.done) finish({ kind: 'done', value: verdict.value })
          },
          () => finish({ kind: 'ended' }),
        )
        .then((abort) => {
          controller = abort
          if (settled) abort.abort()
        })
        // the stream could not be opened: the loop reads the object again (and fails there if the API is down)
        .catch(() => finish({ kind: 'ended' }))
    })
  }
}
