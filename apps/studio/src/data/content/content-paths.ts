import { CONTENT_API_VERSION, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'

/** The content API expects `Version: 2`, like the hosted product's. */
export const CONTENT_HEADERS = { version: CONTENT_API_VERSION } as const

export function contentPath(ref: string | undefined, rest = ''): string {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return `/platform/projects/${encodeURIComponent(ref)}/content${rest}`
}
