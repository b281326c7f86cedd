import { createHash, randomBytes } from 'node:crypto'
import { type CsvFormulaMode, EXPORT_LINK_TTL_MS, type ExportQueryBody } from '@pgfleet/contracts'
import type { AppContext } from '../../context'

export type ExportFormat = 'csv' | 'json'

/** What a download link stands for: one export of one query, by one user, in one project. */
export interface ExportLinkGrant {
  userId: number
  ref: string
  format: ExportFormat
  /** CSV only: whether cells a spreadsheet would run as formulas are escaped */
  formulas: CsvFormulaMode
  body: ExportQueryBody
  expiresAt: number
}

export interface ExportLink {
  token: string
  expiresAt: number
}

/** Outstanding links per user: enough for a few tabs, not a way to fill the platform's memory. */
const MAX_LINKS_PER_USER = 20

/**
 * Single-use download links, kept in the platform's memory: they live a minute, so a restart losing them
 * only means exporting again. Only a hash of each token is kept.
 */
class ExportLinks {
  private readonly grants = new Map<string, ExportLinkGrant>()

  issue(grant: Omit<ExportLinkGrant, 'expiresAt'>): ExportLink {
    const now = Date.now()
    this.sweep(now)
    const mine = [...this.grants].filter(([, g]) => g.userId === grant.userId)
    // the oldest link of a user with many goes first (Map keeps insertion order)
    for (const [key] of mine.slice(0, Math.max(0, mine.length - MAX_LINKS_PER_USER + 1))) this.grants.delete(key)
    const token = randomBytes(32).toString('base64url')
    const expiresAt = now + EXPORT_LINK_TTL_MS
    this.grants.set(hashOf(token), { ...grant, expiresAt })
    return { token, expiresAt }
  }

  /**
   * The grant of a token, taken out so it cannot serve twice. A token shown by another user or for another
   * project answers nothing and stays valid for its owner.
   */
  take(token: string, userId: number, ref: string): ExportLinkGrant | undefined {
    const key = hashOf(token)
    const grant = this.grants.get(key)
    if (!grant || grant.userId !== userId || grant.ref !== ref) return undefined
    this.grants.delete(key)
    return grant.expiresAt > Date.now() ? grant : undefined
  }

  private sweep(now: number): void {
    for (const [key, grant] of this.grants) if (grant.expiresAt <= now) this.grants.delete(key)
  }
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

const registries = new WeakMap<AppContext, ExportLinks>()

export function exportLinks(ctx: AppContext): ExportLinks {
  let links = registries.get(ctx)
  if (!links) {
    links = new ExportLinks()
    registries.set(ctx, links)
  }
  return links
}
