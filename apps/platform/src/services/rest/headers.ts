import { RestError } from './errors'

/** What the client asked for through `Prefer`, `Range` and `Accept`. */
export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null
  count: 'exact' | 'planned' | 'estimated' | null
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
  missing: 'default' | 'null' | null
  handling: 'strict' | 'lenient' | null
  tx: 'commit' | 'rollback' | null
  maxAffected: number | null
  /** the preferences honoured, for the Preference-Applied header */
  applied: string[]
}

const PREFERENCE_VALUES: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
}

/** `Prefer` may come as several headers or one comma-separated list; unknown ones are ignored unless strict. */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs = noPreferences()
  if (header === undefined) return prefs
  const raw = Array.isArray(header) ? header.join(',') : header
  const invalid: string[] = []
  for (const part of raw.split(',')) {
    const item = part.trim()
    if (item === '') continue
    const [name = '', value = ''] = item.split('=').map((s) => s.trim())
    if (name === 'max-affected' && /^\d+$/.test(value)) {
      prefs.maxAffected = Number(value)
      continue
    }
    const allowed = PREFERENCE_VALUES[name]
    if (allowed?.includes(value)) {
      ;(prefs as unknown as Record<string, string>)[name] = value
    } else {
      invalid.push(item)
    }
  }
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    )
  }
  return prefs
}

function noPreferences(): Preferences {
  return {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    handling: null,
    tx: null,
    maxAffected: null,
    applied: [],
  }
}

/** `Range: 0-9` (optionally `items=0-9`); the upper bound is inclusive and may be left open. */
export function parseRangeHeader(header: string | undefined): { from: number; to: number | null } | null {
  if (!header) return null
  const match = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header)
  if (!match) return null
  const from = Number(match[1])
  const to = match[2] === '' ? null : Number(match[2])
  if (to !== null && to < from) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `The range ${header} has its end before its start`,
    )
  }
  return { from, to }
}

/** Combines limit/offset with a Range header into the rows to answer: `[offset, offset + limit)`. */
export function effectiveRange(
  limit: number | null,
  offset: number | null,
  range: { from: number; to: number | null } | null,
): { limit: number | null; offset: number } {
  let start = offset ?? 0
  let end = limit === null ? Number.POSITIVE_INFINITY : start + limit - 1
  if (range) {
    start = Math.max(start, range.from)
    end = Math.min(end, range.to ?? Number.POSITIVE_INFINITY)
  }
  if (end === Number.POSITIVE_INFINITY) return { limit: null, offset: start }
  return { limit: Math.max(0, end - start + 1), offset: start }
}

export type MediaType = 'json' | 'object' | 'csv' | 'openapi'

export interface Accepted {
  media: MediaType
  stripNulls: boolean
}

const MEDIA_TYPES: Record<string, MediaType> = {
  '*/*': 'json',
  'application/*': 'json',
  'application/json': 'json',
  'application/vnd.pgrst.array+json': 'json',
  'application/vnd.pgrst.array': 'json',
  'application/vnd.pgrst.object+json': 'object',
  'application/vnd.pgrst.object': 'object',
  'text/csv': 'csv',
  'application/openapi+json': 'openapi',
}

/** Picks the first media type we can produce, honouring q=0; none at all is 406 PGRST107. */
export function negotiate(header: string | undefined, allowOpenApi: boolean): Accepted {
  if (!header || header.trim() === '') return { media: allowOpenApi ? 'openapi' : 'json', stripNulls: false }
  const candidates = header
    .split(',')
    .map((entry) => {
      const [type = '', ...params] = entry.split(';').map((s) => s.trim().toLowerCase())
      const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? '1')
      return { type, params, q: Number.isNaN(q) ? 1 : q }
    })
    .filter((c) => c.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const candidate of candidates) {
    let media = MEDIA_TYPES[candidate.type]
    if (!media) continue
    if (media === 'openapi' && !allowOpenApi) continue
    if (allowOpenApi && media === 'json') media = 'openapi'
    return { media, stripNulls: candidate.params.includes('nulls=stripped') }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${header}`)
}
