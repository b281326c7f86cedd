import {
  CONTENT_API_VERSION,
  type Content,
  REQUIRED_VALUE_MESSAGES,
  type Report,
  type Snippet,
} from '@pgfleet/contracts'
import { ApiError } from '../fetcher'

/** The content API expects `Version: 2`, like the hosted product's. */
export const CONTENT_HEADERS = { version: CONTENT_API_VERSION } as const

/** The project every content route is under; a missing ref fails before any request. */
export function contentRef(ref: string | undefined): string {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return ref
}

export const REPORT_NOT_FOUND_MESSAGE = 'Report not found'
export const SNIPPET_NOT_FOUND_MESSAGE = 'Query not found'

/** The content routes answer either type; an item of the other type under that id is not found (404). */
export function asSnippet(item: Content): Snippet {
  if (item.type !== 'sql') throw new ApiError(SNIPPET_NOT_FOUND_MESSAGE, 404)
  return item
}

export function asReport(item: Content): Report {
  if (item.type !== 'report') throw new ApiError(REPORT_NOT_FOUND_MESSAGE, 404)
  return item
}
