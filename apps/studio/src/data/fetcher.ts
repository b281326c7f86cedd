import { CSRF_COOKIE, CSRF_HEADER } from '@pgfleet/contracts'
import { takeEarlyRequest } from './early-requests'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** An error answered by the platform (`{ message }`), or a network failure / timeout (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    message: string,
    readonly status: number,
    readonly requestId?: string,
    /** the whole JSON error answer, for routes that say more than `message` (a 409's current state, a query's position) */
    readonly body?: Record<string, unknown>,
  ) {
    super(message)
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

export function getErrorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'string' && error) return error
  return fallback
}

export const NETWORK_ERROR_MESSAGE = 'Unable to reach the pgfleet server. Check your connection and try again.'
export const TIMEOUT_ERROR_MESSAGE = (ms: number) => `The server did not answer within ${ms / 1000} s`

const MUTATING_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Paths whose 401 answers mean "not signed in" to the caller, not "session expired". */
const UNAUTHORIZED_REDIRECT_EXEMPT_PATHS = [
  '/platform/auth/login',
  '/platform/auth/signup',
  '/platform/profile',
  // analytics never interrupt the user, signed in or not
  '/platform/telemetry/event',
]

export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=')
    if (separator === -1) continue
    if (part.slice(0, separator).trim() !== name) continue
    const value = part.slice(separator + 1).trim()
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return undefined
}

export function buildRequestHeaders(
  method: HttpMethod,
  hasBody: boolean,
  cookieString: string,
): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (hasBody) headers['content-type'] = 'application/json'
  if (MUTATING_METHODS.has(method)) {
    const csrf = readCookie(cookieString, CSRF_COOKIE)
    if (csrf) headers[CSRF_HEADER] = csrf
  }
  return headers
}

export function shouldRedirectOnUnauthorized(path: string): boolean {
  const pathname = path.split('?')[0] ?? path
  return !UNAUTHORIZED_REDIRECT_EXEMPT_PATHS.includes(pathname)
}

let onUnauthorized: () => void = () => {
  window.location.assign('/sign-in')
}

/** The app replaces the default full reload with a router navigation. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler
}

export type RequestOptions = {
  method?: HttpMethod
  body?: unknown
  signal?: AbortSignal
  /** aborts the request after this many milliseconds (status polling uses 2000) */
  timeoutMs?: number
  /** extra request headers, e.g. the content API's `Version` */
  headers?: Record<string, string>
  /** lets the request outlive the page (a save sent while the tab closes); bodies up to 64 KB */
  keepalive?: boolean
}

async function readErrorBody(
  response: Response,
): Promise<{ message?: string; requestId?: string; body?: Record<string, unknown> }> {
  try {
    const body: unknown = await response.json()
    if (body && typeof body === 'object') {
      const fields = body as Record<string, unknown>
      const { message, requestId } = fields
      return {
        message: typeof message === 'string' ? message : undefined,
        requestId: typeof requestId === 'string' ? requestId : undefined,
        body: fields,
      }
    }
  } catch {
    // not JSON: fall back to the status text below
  }
  return {}
}

/**
 * Sends a request and answers the raw response once it is known to be ok (for streamed downloads);
 * errors are thrown as ApiError exactly as `fetcher` does.
 */
export async function fetchResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET'
  const hasBody = options.body !== undefined
  // multipart bodies (function deploys) go as they are; the browser sets their content type and boundary
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData
  const signals: AbortSignal[] = []
  if (options.signal) signals.push(options.signal)
  if (options.timeoutMs) signals.push(AbortSignal.timeout(options.timeoutMs))

  const body = isForm ? (options.body as FormData) : hasBody ? JSON.stringify(options.body) : undefined
  let response: Response
  try {
    // the page may have sent this very request before the app's code arrived; if that one failed, send it now
    const early = typeof body === 'string' || body === undefined ? takeEarlyRequest(method, path, body) : undefined
    const earlyResponse = early ? await early.catch(() => undefined) : undefined
    response =
      earlyResponse ??
      (await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          ...buildRequestHeaders(method, hasBody && !isForm, typeof document === 'undefined' ? '' : document.cookie),
          ...options.headers,
        },
        body,
        signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
        keepalive: options.keepalive,
      }))
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError' && options.timeoutMs) {
      throw new ApiError(TIMEOUT_ERROR_MESSAGE(options.timeoutMs), 0)
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0)
  }

  if (!response.ok) {
    const { message, requestId, body } = await readErrorBody(response)
    if (response.status === 401 && shouldRedirectOnUnauthorized(path)) onUnauthorized()
    throw new ApiError(message ?? `Request failed with status ${response.status}`, response.status, requestId, body)
  }
  return response
}

/** The only function in the dashboard that talks to the platform API. */
export async function fetcher<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await fetchResponse(path, options)
  if (response.status === 204) return undefined as T
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}
