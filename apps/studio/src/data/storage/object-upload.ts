import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { routeUrl } from '../api'
import { ApiError, buildRequestHeaders, NETWORK_ERROR_MESSAGE } from '../fetcher'

export type UploadTarget = { ref: string | undefined; bucketId: string; path: string; upsert?: boolean }

/**
 * Uploads one file's bytes with progress. fetch cannot report upload progress, so this is the one request of the
 * dashboard sent with XMLHttpRequest; headers (CSRF) and errors are the fetcher's.
 */
export function uploadObject(
  target: UploadTarget,
  file: Blob,
  { onProgress, signal }: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  if (!target.ref) return Promise.reject(new Error(REQUIRED_VALUE_MESSAGES.projectRef))
  const url = routeUrl('POST /platform/storage/{ref}/buckets/{id}/objects/upload', {
    params: { ref: target.ref, id: target.bucketId },
    query: { path: target.path, upsert: target.upsert ? 'true' : 'false' },
  })
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.withCredentials = true
    const headers = buildRequestHeaders('POST', false, typeof document === 'undefined' ? '' : document.cookie)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream')
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size)
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(file.size, file.size)
        resolve()
        return
      }
      reject(new ApiError(errorMessageOf(xhr), xhr.status))
    }
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'))
      return
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(file)
  })
}

function errorMessageOf(xhr: XMLHttpRequest): string {
  try {
    const body: unknown = JSON.parse(xhr.responseText)
    const message = (body as { message?: unknown } | null)?.message
    if (typeof message === 'string' && message) return message
  } catch {
    // not JSON: the status says what happened
  }
  return `The upload failed with status ${xhr.status}`
}
