import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import Busboy from '@fastify/busboy'
import { invalidRequest, tooLarge } from './errors'

/**
 * The file of an upload request, as supabase-js sends it: a multipart form (for Blob and File bodies: fields
 * cacheControl and metadata, then the file part) or the raw bytes (other bodies, with Content-Type,
 * Cache-Control and a base64 JSON x-metadata header). Either way the bytes are a stream, never buffered.
 */
export interface IncomingFile {
  stream: Readable
  /** the type the bytes are stored and served with, e.g. 'text/plain;charset=UTF-8' */
  contentType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | undefined
}

const DEFAULT_CACHE_SECONDS = 3600
/** Room for the form's boundaries and fields around the file when comparing Content-Length with a limit. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024
const MAX_FIELD_BYTES = 64 * 1024

/** 'image/png; charset=x' → 'image/png', what allowed_mime_types are compared with. */
export const baseMimeType = (contentType: string) => (contentType.split(';')[0] ?? '').trim().toLowerCase()

const cacheControlOf = (value: string | undefined): string =>
  !value ? `max-age=${DEFAULT_CACHE_SECONDS}` : /^\d+$/.test(value) ? `max-age=${value}` : value

function parseUserMetadata(json: string | undefined): Record<string, unknown> | undefined {
  if (!json) return undefined
  try {
    const value: unknown = JSON.parse(json)
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // refused below
  }
  throw invalidRequest('The metadata must be a JSON object')
}

/** Reads the upload's file and hands it to `store`, which must consume the stream. */
export async function receiveUpload<T>(
  raw: IncomingMessage,
  limitBytes: number,
  store: (file: IncomingFile) => Promise<T>,
): Promise<T> {
  const contentType = raw.headers['content-type'] ?? 'application/octet-stream'
  const declared = Number(raw.headers['content-length'] ?? Number.NaN)
  const multipart = baseMimeType(contentType) === 'multipart/form-data'
  // refuse what is surely too big before reading any of it
  if (declared > limitBytes + (multipart ? MULTIPART_OVERHEAD_BYTES : 0)) throw tooLarge(limitBytes)
  if (!multipart) {
    const header = raw.headers['x-metadata']
    return store({
      stream: raw,
      contentType,
      cacheControl: cacheControlOf(raw.headers['cache-control']),
      userMetadata: parseUserMetadata(
        typeof header === 'string' ? Buffer.from(header, 'base64').toString('utf8') : undefined,
      ),
    })
  }
  return receiveMultipart(raw, store)
}

function receiveMultipart<T>(raw: IncomingMessage, store: (file: IncomingFile) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>
    try {
      parser = Busboy({
        headers: raw.headers as { 'content-type': string },
        limits: { files: 1, fields: 10, parts: 12, fieldSize: MAX_FIELD_BYTES },
      })
    } catch (error) {
      reject(invalidRequest(`The multipart form could not be read: ${(error as Error).message}`))
      return
    }
    const fields: Record<string, string> = {}
    let stored: Promise<T> | null = null
    const fail = (error: unknown) => {
      raw.unpipe(parser)
      reject(error)
    }
    parser.on('field', (name, value) => {
      fields[name] = value
    })
    parser.on('file', (_field, stream, _filename, _encoding, mimeType) => {
      if (stored) {
        stream.resume()
        return
      }
      try {
        stored = store({
          stream,
          contentType: mimeType || 'application/octet-stream',
          cacheControl: cacheControlOf(fields.cacheControl),
          userMetadata: parseUserMetadata(fields.metadata),
        })
      } catch (error) {
        stream.resume()
        fail(error)
        return
      }
      stored.catch((error) => {
        stream.resume()
        fail(error)
      })
    })
    parser.on('error', (error) =>
      fail(invalidRequest(`The multipart form could not be read: ${(error as Error).message}`)),
    )
    parser.on('finish', () => {
      if (!stored) return fail(invalidRequest('The form has no file: send the object as a file part'))
      stored.then(resolve, reject)
    })
    raw.on('error', fail)
    raw.pipe(parser)
  })
}
