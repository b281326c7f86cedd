import type { AppContext } from '../../context'
import type { Db } from '../../db/kysely'
import { PROJECT_CACHE_TTL_MS } from '../projects/cache-ttl'
import {
  type ApiKeyResolution,
  type CallerCredentials,
  type KeyringKey,
  ProjectKeyring,
  resolveApiRequest,
} from './api-key-resolver'

/** Refs that do not exist are remembered too (briefly); past this many entries the cache starts over. */
const MAX_ENTRIES = 10_000

/**
 * Every project's keyring, read from the control plane and kept for PROJECT_CACHE_TTL_MS, so a busy endpoint does
 * not query it on every request. One per platform (see `projectKeyrings`), shared by every service of the
 * process: a key created or revoked here is invalidated at once, and other replicas of the platform read
 * the change within PROJECT_CACHE_TTL_MS.
 */
export class ProjectKeyrings {
  private readonly entries = new Map<string, { keyring: ProjectKeyring | null; loadedAt: number }>()
  private readonly loading = new Map<string, Promise<ProjectKeyring | null>>()
  /** per ref: bumped by `invalidate`, so a load that started before it does not store what it read */
  private readonly generation = new Map<string, number>()

  constructor(
    private readonly db: Db,
    private readonly ttlMs = PROJECT_CACHE_TTL_MS,
  ) {}

  /** The project's keyring (null: no such project), synchronously while the cached one is fresh. */
  get(ref: string): ProjectKeyring | null | Promise<ProjectKeyring | null> {
    const cached = this.entries.get(ref)
    if (cached && Date.now() - cached.loadedAt < this.ttlMs) return cached.keyring
    let pending = this.loading.get(ref)
    if (!pending) {
      pending = this.load(ref, cached?.keyring ?? null).finally(() => this.loading.delete(ref))
      this.loading.set(ref, pending)
    }
    return pending
  }

  /** The project's keys or switch changed: the next request reads them again. */
  invalidate(ref: string): void {
    this.entries.delete(ref)
    this.generation.set(ref, (this.generation.get(ref) ?? 0) + 1)
  }

  private async load(ref: string, previous: ProjectKeyring | null): Promise<ProjectKeyring | null> {
    const generation = this.generation.get(ref) ?? 0
    const [project, keys] = await Promise.all([
      this.db
        .selectFrom('projects')
        .select(['jwt_secret', 'legacy_api_keys_enabled'])
        .where('ref', '=', ref)
        .executeTakeFirst(),
      this.db.selectFrom('project_api_keys').select(['id', 'type', 'hash']).where('project_ref', '=', ref).execute(),
    ])
    const keyring = project
      ? new ProjectKeyring(
          ref,
          project.jwt_secret,
          project.legacy_api_keys_enabled,
          keys.map((key): [string, KeyringKey] => [key.hash, { id: key.id, type: key.type }]),
          previous,
        )
      : null
    if ((this.generation.get(ref) ?? 0) === generation) {
      if (this.entries.size >= MAX_ENTRIES) {
        this.entries.clear()
        this.generation.clear()
      }
      this.entries.set(ref, { keyring, loadedAt: Date.now() })
    }
    return keyring
  }
}

const shared = new WeakMap<AppContext, ProjectKeyrings>()

/** The platform's keyrings: every service reads, and every key change invalidates, these. */
export function projectKeyrings(ctx: AppContext): ProjectKeyrings {
  let keyrings = shared.get(ctx)
  if (!keyrings) {
    keyrings = new ProjectKeyrings(ctx.db)
    shared.set(ctx, keyrings)
  }
  return keyrings
}

/**
 * For a project service that authenticates its callers as the data API does (the auth server): the caller of a
 * request to project `ref`, from its `apikey`, `Authorization` and `User-Agent` (see `credentialsOf`); null when
 * the project does not exist. A refusal carries its 401 message and hint.
 */
export async function resolveProjectCaller(
  ctx: AppContext,
  ref: string,
  credentials: CallerCredentials,
): Promise<ApiKeyResolution | null> {
  const keyring = await projectKeyrings(ctx).get(ref)
  return keyring ? resolveApiRequest(keyring, credentials) : null
}
