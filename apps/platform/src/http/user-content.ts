import { parseMediaType } from './media-type'

/**
 * What the platform adds to content users put on it (edge-function answers, storage objects) so that it never
 * runs as the dashboard's origin: there a script could read the csrf cookie and act as the signed-in member.
 *
 * - On the platform's own origin (`/p/{ref}/...`): `Content-Security-Policy: sandbox` (the page gets an opaque
 *   origin: no cookies, no same-origin requests, no scripts) and `nosniff`, whatever the content says of itself.
 *   Storage objects of an active type are also sent as attachments.
 * - On a project's own host (`{ref}.{PGFLEET_DOMAIN}`, custom hostnames): the project's pages are served for real,
 *   with `nosniff` only; that origin holds no dashboard session.
 */
export type ServedOn = 'platform-origin' | 'project-host'

const SANDBOX_POLICY = 'sandbox'

/** Types a browser renders as a document that can run script. */
const ACTIVE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/xsl',
  'application/xslt+xml',
  'application/pdf',
  'text/javascript',
  'application/javascript',
  'multipart/x-mixed-replace',
])

/** Content that a browser could run: an active type, or one it cannot tell (and might sniff). */
export function isActiveContent(contentType: string | undefined | null): boolean {
  const type = parseMediaType(contentType)
  return type === null || ACTIVE_TYPES.has(type) || type.endsWith('+xml')
}

/** Headers that replace whatever the content set for these names. */
export function userContentHeaders(servedOn: ServedOn): Record<string, string> {
  return servedOn === 'platform-origin'
    ? { 'content-security-policy': SANDBOX_POLICY, 'x-content-type-options': 'nosniff' }
    : { 'x-content-type-options': 'nosniff' }
}
