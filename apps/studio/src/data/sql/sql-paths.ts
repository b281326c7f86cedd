import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'

export function queryPath(ref: string | undefined, rest = ''): string {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return `/platform/pg-meta/${encodeURIComponent(ref)}/query${rest}`
}
