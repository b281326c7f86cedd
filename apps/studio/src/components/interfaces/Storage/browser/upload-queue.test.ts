import { describe, expect, it } from 'vitest'
import { overallProgress, UPLOAD_CANCELLED_MESSAGE, UploadQueue, type UploadSender, uploadPath } from './upload-queue'

/** A sender whose uploads the test finishes by hand. */
function manualSender() {
  const calls: {
    path: string
    progress: (loaded: number) => void
    signal: AbortSignal
    resolve: () => void
    reject: (error: Error) => void
  }[] = []
  const send: UploadSender = (upload, onProgress, signal) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ path: upload.path, progress: onProgress, signal, resolve, reject })
    })
  return { send, calls }
}

const file = (bytes: number) => new Blob(['x'.repeat(bytes)])
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('UploadQueue', () => {
  it('runs at most `concurrency` uploads at once and starts the next as one finishes', async () => {
    const { send, calls } = manualSender()
    const uploaded: string[] = []
    const queue = new UploadQueue(send, { concurrency: 2, onUploaded: (item) => uploaded.push(item.path) })
    queue.add([
      { path: 'a', file: file(10) },
      { path: 'b', file: file(10) },
      { path: 'c', file: file(10) },
    ])
    expect(calls.map((call) => call.path)).toEqual(['a', 'b'])
    expect(queue.snapshot().map((item) => item.status)).toEqual(['uploading', 'uploading', 'queued'])
    calls[0]?.resolve()
    await settle()
    expect(calls.map((call) => call.path)).toEqual(['a', 'b', 'c'])
    expect(uploaded).toEqual(['a'])
    expect(queue.snapshot()[0]).toMatchObject({ status: 'done', loaded: 10 })
  })

  it('reports progress, capped at the file size', () => {
    const { send, calls } = manualSender()
    const queue = new UploadQueue(send)
    queue.add([{ path: 'a', file: file(100) }])
    calls[0]?.progress(40)
    expect(queue.snapshot()[0]?.loaded).toBe(40)
    calls[0]?.progress(500)
    expect(queue.snapshot()[0]?.loaded).toBe(100)
    expect(overallProgress(queue.snapshot())).toEqual({ loaded: 100, total: 100, active: 1 })
  })

  it('keeps the failure message and sends the whole file again on retry', async () => {
    const { send, calls } = manualSender()
    const queue = new UploadQueue(send)
    const [id = ''] = queue.add([{ path: 'a', file: file(10) }])
    calls[0]?.progress(5)
    calls[0]?.reject(new Error('mime type application/zip is not supported'))
    await settle()
    expect(queue.snapshot()[0]).toMatchObject({ status: 'failed', error: 'mime type application/zip is not supported' })
    queue.retry(id)
    expect(queue.snapshot()[0]).toMatchObject({ status: 'uploading', loaded: 0, error: undefined })
    expect(calls).toHaveLength(2)
    calls[1]?.resolve()
    await settle()
    expect(queue.snapshot()[0]?.status).toBe('done')
  })

  it('replaces the object already at the path when a 409 is retried with replace', async () => {
    const upserts: boolean[] = []
    const { send, calls } = manualSender()
    const queue = new UploadQueue((upload, onProgress, signal) => {
      upserts.push(upload.upsert)
      return send(upload, onProgress, signal)
    })
    const [id = ''] = queue.add([{ path: 'a', file: file(1) }])
    calls[0]?.reject(Object.assign(new Error('The resource already exists'), { status: 409 }))
    await settle()
    expect(queue.snapshot()[0]).toMatchObject({ status: 'failed', errorStatus: 409 })
    queue.retry(id, { replace: true })
    expect(upserts).toEqual([false, true])
    expect(queue.snapshot()[0]).toMatchObject({ status: 'uploading', upsert: true, errorStatus: undefined })
  })

  it('cancels a running upload (aborting it) and a waiting one, and ignores what the aborted send says later', async () => {
    const { send, calls } = manualSender()
    const queue = new UploadQueue(send, { concurrency: 1 })
    const [first = '', second = ''] = queue.add([
      { path: 'a', file: file(10) },
      { path: 'b', file: file(10) },
    ])
    queue.cancel(second)
    queue.cancel(first)
    expect(calls[0]?.signal.aborted).toBe(true)
    calls[0]?.reject(new Error('aborted'))
    await settle()
    expect(queue.snapshot().map((item) => [item.status, item.error])).toEqual([
      ['cancelled', UPLOAD_CANCELLED_MESSAGE],
      ['cancelled', UPLOAD_CANCELLED_MESSAGE],
    ])
    expect(calls).toHaveLength(1)
    queue.retry(second)
    expect(calls.map((call) => call.path)).toEqual(['a', 'b'])
  })

  it('clears finished uploads but keeps failures, and notifies subscribers of each change', async () => {
    const { send, calls } = manualSender()
    const queue = new UploadQueue(send)
    let changes = 0
    const unsubscribe = queue.subscribe(() => changes++)
    queue.add([
      { path: 'a', file: file(1) },
      { path: 'b', file: file(1) },
    ])
    calls[0]?.resolve()
    calls[1]?.reject(new Error('no'))
    await settle()
    queue.clearFinished()
    expect(queue.snapshot().map((item) => item.path)).toEqual(['b'])
    expect(changes).toBeGreaterThan(3)
    unsubscribe()
  })
})

describe('UploadQueue with resumable uploads', () => {
  /** A sender that acts like the resumable one: the server's URL is kept in `resume` once the upload exists. */
  function resumableSender() {
    const manual = manualSender()
    const seen: { resumable: boolean; url: string | undefined }[] = []
    const send: UploadSender = (upload, onProgress, signal) => {
      seen.push({ resumable: upload.resumable, url: upload.resume.url })
      upload.resume.url ??= `/upload/${seen.length}`
      return manual.send(upload, onProgress, signal)
    }
    return { ...manual, send, seen }
  }

  it('sends files from the threshold on resumably, and only those can pause', () => {
    const { send, calls, seen } = resumableSender()
    const queue = new UploadQueue(send, { resumableFromBytes: 50 })
    const [small = '', large = ''] = queue.add([
      { path: 'small', file: file(10) },
      { path: 'large', file: file(60) },
    ])
    expect(seen.map((call) => call.resumable)).toEqual([false, true])
    queue.pause(small)
    expect(queue.snapshot()[0]?.status).toBe('uploading')
    queue.pause(large)
    expect(calls[1]?.signal.reason).toBe('pause')
    expect(queue.snapshot()[1]?.status).toBe('paused')
  })

  it('resumes a paused upload from where it stopped, on the same server upload', async () => {
    const { send, calls, seen } = resumableSender()
    const queue = new UploadQueue(send, { resumableFromBytes: 1 })
    const [id = ''] = queue.add([{ path: 'video.mp4', file: file(100) }])
    calls[0]?.progress(40)
    queue.pause(id)
    calls[0]?.reject(new DOMException('aborted', 'AbortError'))
    await settle()
    expect(queue.snapshot()[0]).toMatchObject({ status: 'paused', loaded: 40 })
    expect(overallProgress(queue.snapshot()).active).toBe(1)
    queue.resume(id)
    expect(queue.snapshot()[0]).toMatchObject({ status: 'uploading', loaded: 40 })
    expect(seen.map((call) => call.url)).toEqual([undefined, '/upload/1'])
    calls[1]?.resolve()
    await settle()
    expect(queue.snapshot()[0]?.status).toBe('done')
  })

  it('continues a failed resumable upload on retry, but starts over after a cancel or to replace', async () => {
    const { send, calls, seen } = resumableSender()
    const queue = new UploadQueue(send, { resumableFromBytes: 1 })
    const [id = ''] = queue.add([{ path: 'video.mp4', file: file(100) }])
    calls[0]?.progress(70)
    calls[0]?.reject(Object.assign(new Error('Unable to reach the server'), { status: 0 }))
    await settle()
    queue.retry(id)
    expect(queue.snapshot()[0]).toMatchObject({ status: 'uploading', loaded: 70 })
    expect(seen[1]?.url).toBe('/upload/1')

    queue.cancel(id)
    expect(calls[1]?.signal.reason).toBe('cancel')
    queue.retry(id)
    expect(queue.snapshot()[0]).toMatchObject({ status: 'uploading', loaded: 0 })
    expect(seen[2]?.url).toBeUndefined()

    calls[2]?.reject(Object.assign(new Error('The resource already exists'), { status: 409 }))
    await settle()
    queue.retry(id, { replace: true })
    expect(seen[3]).toEqual({ resumable: true, url: undefined })
  })
})

describe('uploadPath', () => {
  it('puts the file in the folder, or at the top level', () => {
    expect(uploadPath('', 'a.png')).toBe('a.png')
    expect(uploadPath('photos/2024', 'a.png')).toBe('photos/2024/a.png')
  })
})
