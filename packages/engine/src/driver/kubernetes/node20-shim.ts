import workerThreads from 'node:worker_threads'
import zlib from 'node:zlib'

/**
 * @kubernetes/client-node 2.x brings undici 8, which needs Node 22.19 or later; on Node 20 it throws before anything
 * runs. Until the platform runs on Node 24, stand-ins for the three things it uses that Node 20 lacks let it run:
 * Kubernetes API servers never answer with zstd, the client never sends undici's objects to a worker, and
 * Promise.withResolvers is the ES2024 function, written as its definition says. On newer Nodes this does nothing.
 */
const zlibFunctions = zlib as unknown as Record<string, unknown>
if (typeof zlibFunctions.createZstdDecompress !== 'function') {
  zlibFunctions.createZstdDecompress = () => {
    throw new Error('zstd-compressed answers need Node 22.15 or later')
  }
}
const workerFunctions = workerThreads as unknown as Record<string, unknown>
if (typeof workerFunctions.markAsUncloneable !== 'function') workerFunctions.markAsUncloneable = () => {}
const promise = Promise as unknown as { withResolvers?: unknown }
if (typeof promise.withResolvers !== 'function') {
  promise.withResolvers = function withResolvers<T>(this: PromiseConstructor) {
    let resolve!: (value: T | PromiseLike<T>) => void
    let reject!: (reason?: unknown) => void
    const created = new this<T>((res, rej) => {
      resolve = res
      reject = rej
    })
    return { promise: created, resolve, reject }
  }
}
