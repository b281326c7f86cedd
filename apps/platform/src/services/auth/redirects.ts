import type { ProjectAuthConfig } from '@pgfleet/contracts'
import { allowListOf } from './config'

/**
 * Where the auth server may send a browser after a link or an OAuth sign-in: the site URL's origin, or a URL the
 * allow list matches. Anything else (another host that merely looks alike, `//host`, a backslash, user info,
 * encoded tricks) falls back to the site URL, as the hosted server does.
 */

function parseStrict(text: string): URL | null {
  // characters browsers repair or reinterpret are refused outright instead of guessed at
  if (/[\s\\\p{Cc}]/u.test(text) || text.length > 2048) return null
  // an encoded host is decoded differently by different parsers: refused rather than compared
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*%/i.test(text)) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.username !== '' || url.password !== '') return null
  if ((url.protocol === 'http:' || url.protocol === 'https:') && !text.toLowerCase().startsWith(`${url.protocol}//`))
    return null
  return url
}

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')

/** A glob where `**` matches anything and `*` anything but `.` and `/`. */
function globPattern(glob: string): RegExp {
  const parts = glob.split('**').map((part) => part.split('*').map(escapeRegExp).join('[^./]*'))
  return new RegExp(`^${parts.join('.*')}$`)
}

function matches(entry: string, url: URL): boolean {
  if (entry.includes('*'))
    return globPattern(entry).test(url.href) || globPattern(entry).test(url.href.replace(/\/$/, ''))
  const allowed = parseStrict(entry)
  if (!allowed || allowed.origin !== url.origin || allowed.protocol !== url.protocol) return false
  const base = allowed.pathname.endsWith('/') ? allowed.pathname : `${allowed.pathname}/`
  return url.pathname === allowed.pathname || url.pathname.startsWith(base) || allowed.pathname === '/'
}

/** Whether `redirectTo` is allowed for the project. */
export function isAllowedRedirect(config: ProjectAuthConfig, redirectTo: string): boolean {
  const url = parseStrict(redirectTo)
  if (!url) return false
  const site = parseStrict(config.site_url)
  if (site && site.origin === url.origin && site.protocol === url.protocol && url.origin !== 'null') return true
  return allowListOf(config)
    .slice(1)
    .some((entry) => matches(entry, url))
}

/** The redirect to use: the one asked for when allowed, else the site URL. */
export function redirectTarget(config: ProjectAuthConfig, redirectTo: string | null | undefined): string {
  if (redirectTo && isAllowedRedirect(config, redirectTo)) return redirectTo
  return config.site_url
}
