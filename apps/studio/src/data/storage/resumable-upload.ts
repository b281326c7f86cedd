import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { DetailedError, Upload } from 'tus-js-client'
import { routeUrl } from '../api'
import { ApiError, buildRequestHeaders, NETWORK_ERROR_MESSAGE } from '../fetcher'
import type { UploadTarget } from './object-upload'

/**
 * Large files go up in chunks over TUS (the platform's resumable upload endpoint, on the member's session): a
 * dropped connection costs one chunk, and a pause or a failure resumes from what the server already has.
 */
export const RESUMABLE_UPLOAD_FROM_BYTES = 6 * 1024 * 1024
export const RESUMABLE_CHUNK_BYTES = 6 * 1024 * 1024
/** Waits before the client's own retries of a failed chunk; after these the upload fails and the user may retry. */
const CHUNK_RETRY_DELAYS_MS = [0, 1000, 3000]

/** Where a resumable upload lives on the server between attempts. */
export interface ResumeState {
  url?: string
}

function toApiError(error: Error): ApiError {
  if (error instanceof DetailedError && error.originalResponse) {
    const status = error.originalResponse.getStatus()
    let message = `The upload failed with status ${status}`
    try {
      const body = JSON.parse(error.originalResponse.getBody()) as { message?: unknown }
      if (typeof body.message === 'string' && body.message) message = body.message
    } catch {
      // not JSON: the status says what happened
    }
    return new ApiError(message, status)
  }
  return new ApiError(NETWORK_ERROR_MESSAGE, 0)
}

const cancelled = () => new DOMException('The upload was cancelled', 'AbortError')

/**
 * Sends `file` resumably. `resume.url` is set once the server made the upload, and reused by the next attempt;
 * aborting `signal` with 'cancel' also removes what the server received, any other reason keeps it.
 */
export function uploadResumable(
  target: UploadTarget,
  file: Blob,
  {
    resume,
    onProgress,
    signal,
  }: { resume: ResumeState; onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal },
): Promise<void> {
  if (!target.ref) return Promise.reject(new Error(REQUIRED_VALUE_MESSAGES.projectRef))
  if (signal?.aborted) return Promise.reject(cancelled())
  const endpoint = routeUrl('POST /platform/storage/{ref}/upload/resumable', { params: { ref: target.ref } })
  const headers = buildRequestHeaders('POST', false, typeof document === 'undefined' ? '' : document.cookie)
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(file, {
      endpoint,
      uploadUrl: resume.url ?? null,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: CHUNK_RETRY_DELAYS_MS,
      headers: { ...headers, 'x-upsert': target.upsert ? 'true' : 'false' },
      metadata: {
        bucketName: target.bucketId,
        objectName: target.path,
        contentType: file.type || 'application/octet-stream',
        cacheControl: '3600',
      },
      // the queue keeps the URL itself; nothing is left in localStorage
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: true,
      onUploadUrlAvailable: () => {
        resume.url = upload.url ?? undefined
      },
      onProgress: (sent, total) => onProgress?.(sent, total),
      onSuccess: () => {
        resume.url = undefined
        resolve()
      },
      onError: (error) => reject(toApiError(error)),
    })
    signal?.addEventListener(
      'abort',
      () => {
        const terminate = signal.reason === 'cancel'
        if (terminate) resume.url = undefined
        void upload.abort(terminate).catch(() => undefined)
        reject(cancelled())
      },
      { once: true },
    )
    upload.start()
  })
}
