import { PROJECT_CACHE_TTL_MS } from '../../control/projects/cache-ttl'
import type { Db } from '../../db/kysely'

/**
 * The projects the data API serves, read from the control plane and kept for a moment so a busy endpoint does
 * not query the control plane on every request. `closeProjectPool` drops an entry at once.
 */
export interface ProjectEntry {
  ref: string
  status: string
  port: number | null
  jwtSecret: string
  authenticatorPassword: string
  createdAt: Date
  /** the disk is nearly full: every transaction of the data API starts READ ONLY */
  readOnlyMode: boolean
}

/** Refs that do not exist are remembered too (briefly); past this many entries the cache starts over. */
const MAX_ENTRIES = 10_000

export class ProjectDirectory {
  private readonly entries = new Map<string, { entry: ProjectEntry | null; loadedAt: number }>()
  private readonly loading = new Map<string, Promise<ProjectEntry | null>>()

  constructor(private readonly db: Db) {}

  /** The project (null: it does not exist), synchronously while the cached entry is fresh, else from the control plane. */
  get(ref: string): ProjectEntry | null | Promise<ProjectEntry | null> {
    const cached = this.entries.get(ref)
    if (cached && Date.now() - cached.loadedAt < PROJECT_CACHE_TTL_MS) return cached.entry
    let pending = this.loading.get(ref)
    if (!pending) {
      pending = this.load(ref).finally(() => this.loading.delete(ref))
      this.loading.set(ref, pending)
    }
    return pending
  }

  invalidate(ref: string): void {
    this.entries.delete(ref)
  }

  private async load(ref: string): Promise<ProjectEntry | null> {
    const row = await this.db
      .selectFrom('projects')
      .select(['ref', 'status', 'port', 'jwt_secret', 'authenticator_password', 'created_at', 'readonly_mode_enabled'])
      .where('ref', '=', ref)
      .executeTakeFirst()
    const entry: ProjectEntry | null = row
      ? {
          ref: row.ref,
          status: row.status,
          port: row.port,
          jwtSecret: row.jwt_secret,
          authenticatorPassword: row.authenticator_password,
          createdAt: row.created_at,
          readOnlyMode: row.readonly_mode_enabled,
        }
      : null
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
    this.entries.set(ref, { entry, loadedAt: Date.now() })
    return entry
  }
}
