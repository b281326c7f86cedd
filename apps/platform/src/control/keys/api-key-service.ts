import { randomUUID } from 'node:crypto'
import {
  API_KEY_LIMIT_REACHED,
  API_KEY_NAME_TAKEN,
  API_KEY_NOT_FOUND,
  type ApiKeyResponse,
  type CreateApiKeyBody,
  DEFAULT_API_KEY_NAME,
  LEGACY_API_KEY_IMMUTABLE,
  type LegacyApiKeysResponse,
  MAX_API_KEYS_PER_PROJECT,
  type NewApiKeyType,
  type UpdateApiKeyBody,
} from '@pgfleet/contracts'
import { sql } from 'kysely'
import type { AppContext } from '../../context'
import type { Db } from '../../db/kysely'
import type { ProjectApiKeyRow, ProjectRow } from '../../db/types'
import { badRequest, conflict, notFound } from '../../errors'
import { SecretBox } from '../assistant/key-encryption'
import { projectKeyrings } from './api-key-keyrings'
import { generateApiKey, hashApiKey, maskedApiKey, shownPrefixOf } from './api-key-values'
import { projectApiKeys } from './api-keys'

/**
 * A project's publishable and secret keys: created, listed, renamed and revoked, and the legacy keys' switch. Every
 * change invalidates the process's keyrings at once (other replicas read it within PROJECT_CACHE_TTL_MS).
 */

/** What the caller may see: secret values only for members who may read service keys, and only when revealed. */
export interface KeyVisibility {
  canReadSecrets: boolean
  reveal: boolean
}

const SECRET_TEMPLATE = { role: 'service_role' } as const

const boxes = new WeakMap<AppContext, Promise<SecretBox>>()

/** The platform's secret box (the key file the other sealed secrets use), opened once per platform. */
function secretBox(ctx: AppContext): Promise<SecretBox> {
  let box = boxes.get(ctx)
  if (!box) {
    box = SecretBox.open(ctx.config.dataDir)
    box.catch(() => boxes.delete(ctx))
    boxes.set(ctx, box)
  }
  return box
}

// a sealed key opens only for its own row: copied to another project's row it fails
const sealContext = (row: Pick<ProjectApiKeyRow, 'id' | 'project_ref'>) => `api-key:${row.project_ref}:${row.id}`

async function insertKey(
  ctx: AppContext,
  db: Db,
  ref: string,
  fields: { type: NewApiKeyType; name: string; description: string | null; createdBy: number | null },
): Promise<ProjectApiKeyRow> {
  const id = randomUUID()
  const value = generateApiKey(fields.type)
  const box = await secretBox(ctx)
  return db
    .insertInto('project_api_keys')
    .values({
      id,
      project_ref: ref,
      type: fields.type,
      name: fields.name,
      description: fields.description,
      prefix: shownPrefixOf(value, fields.type),
      hash: hashApiKey(value),
      sealed_key: box.seal(value, sealContext({ id, project_ref: ref })),
      secret_jwt_template: fields.type === 'secret' ? JSON.stringify(SECRET_TEMPLATE) : null,
      created_by: fields.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Gives a project its default publishable and secret keys, once in its life: at creation, or on first use for
 * projects made before these keys existed. Concurrent calls make them once (the project row is locked by the
 * update that marks them made), and deleting the defaults later does not bring them back.
 */
export async function ensureDefaultApiKeys(ctx: AppContext, ref: string): Promise<void> {
  const made = await ctx.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('projects')
      .set({ api_keys_provisioned_at: new Date() })
      .where('ref', '=', ref)
      .where('api_keys_provisioned_at', 'is', null)
      .where('status', '!=', 'GOING_DOWN')
      .executeTakeFirst()
    if (marked.numUpdatedRows === 0n) return false
    for (const type of ['publishable', 'secret'] as const) {
      await insertKey(ctx, trx, ref, { type, name: DEFAULT_API_KEY_NAME, description: null, createdBy: null })
    }
    return true
  })
  if (made) projectKeyrings(ctx).invalidate(ref)
}

async function revealed(ctx: AppContext, row: ProjectApiKeyRow): Promise<string> {
  return (await secretBox(ctx)).open(row.sealed_key, sealContext(row))
}

async function toResponse(ctx: AppContext, row: ProjectApiKeyRow, visibility: KeyVisibility): Promise<ApiKeyResponse> {
  const shown = row.type === 'publishable' || (visibility.reveal && visibility.canReadSecrets)
  return {
    id: row.id,
    name: row.name,
    api_key: shown ? await revealed(ctx, row) : maskedApiKey(row.prefix),
    type: row.type,
    prefix: row.prefix,
    description: row.description,
    hash: row.hash,
    secret_jwt_template: row.secret_jwt_template,
    inserted_at: row.inserted_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

async function legacyKeys(project: ProjectRow, canReadSecrets: boolean): Promise<ApiKeyResponse[]> {
  const keys = await projectApiKeys(project)
  const legacy = (name: 'anon' | 'service_role'): ApiKeyResponse => ({
    id: name,
    name,
    api_key: keys[name],
    type: 'legacy',
    prefix: null,
    description: null,
    hash: null,
    secret_jwt_template: name === 'service_role' ? SECRET_TEMPLATE : null,
    inserted_at: project.created_at.toISOString(),
    updated_at: null,
  })
  return canReadSecrets ? [legacy('anon'), legacy('service_role')] : [legacy('anon')]
}

const keyRows = (ctx: AppContext, ref: string) =>
  ctx.db
    .selectFrom('project_api_keys')
    .selectAll()
    .where('project_ref', '=', ref)
    .orderBy(sql`type = 'secret'`)
    .orderBy('inserted_at')
    .orderBy('id')

/** Every key of the project: the legacy ones first (service_role only for readers of service keys), then the new. */
export async function listApiKeys(
  ctx: AppContext,
  project: ProjectRow,
  visibility: KeyVisibility,
): Promise<ApiKeyResponse[]> {
  await ensureDefaultApiKeys(ctx, project.ref)
  const rows = await keyRows(ctx, project.ref).execute()
  const answers = await Promise.all(rows.map((row) => toResponse(ctx, row, visibility)))
  return [...(await legacyKeys(project, visibility.canReadSecrets)), ...answers]
}

async function keyRow(ctx: AppContext, ref: string, id: string): Promise<ProjectApiKeyRow> {
  const row = await keyRows(ctx, ref).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound(API_KEY_NOT_FOUND)
  return row
}

const isLegacyId = (id: string): id is 'anon' | 'service_role' => id === 'anon' || id === 'service_role'

/** One key; a legacy one by its name. */
export async function getApiKey(
  ctx: AppContext,
  project: ProjectRow,
  id: string,
  visibility: KeyVisibility,
): Promise<ApiKeyResponse> {
  if (isLegacyId(id)) {
    const legacy = (await legacyKeys(project, visibility.canReadSecrets)).find((key) => key.id === id)
    if (!legacy) throw notFound(API_KEY_NOT_FOUND)
    return legacy
  }
  return toResponse(ctx, await keyRow(ctx, project.ref, id), visibility)
}

/** The unique index on (project, type, name) answers a taken name. */
function nameTaken(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string }
  return code === '23505' && constraint === 'project_api_keys_name'
}

export async function createApiKey(
  ctx: AppContext,
  project: ProjectRow,
  userId: number,
  body: CreateApiKeyBody,
  visibility: KeyVisibility,
): Promise<ApiKeyResponse> {
  if (project.status === 'GOING_DOWN') throw conflict('The project is being deleted')
  if (body.type === 'publishable' && body.secret_jwt_template) {
    throw badRequest('A publishable key acts as anon: it takes no secret_jwt_template')
  }
  await ensureDefaultApiKeys(ctx, project.ref)
  const row = await ctx.db
    .transaction()
    .execute(async (trx) => {
      // the project row's lock makes the count and the insert one step for concurrent creations
      await trx.selectFrom('projects').select('ref').where('ref', '=', project.ref).forUpdate().execute()
      const { count } = await trx
        .selectFrom('project_api_keys')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('project_ref', '=', project.ref)
        .executeTakeFirstOrThrow()
      if (Number(count) >= MAX_API_KEYS_PER_PROJECT) throw conflict(API_KEY_LIMIT_REACHED)
      return insertKey(ctx, trx, project.ref, {
        type: body.type,
        name: body.name,
        description: body.description || null,
        createdBy: userId,
      })
    })
    .catch((error: unknown) => {
      if (nameTaken(error)) throw conflict(API_KEY_NAME_TAKEN)
      throw error
    })
  projectKeyrings(ctx).invalidate(project.ref)
  return toResponse(ctx, row, visibility)
}

/** Renames a key or changes its description; its value, and so every client using it, stays. */
export async function updateApiKey(
  ctx: AppContext,
  project: ProjectRow,
  id: string,
  body: UpdateApiKeyBody,
  visibility: KeyVisibility,
): Promise<ApiKeyResponse> {
  if (isLegacyId(id)) throw badRequest(LEGACY_API_KEY_IMMUTABLE)
  const current = await keyRow(ctx, project.ref, id)
  const row = await ctx.db
    .updateTable('project_api_keys')
    .set({
      name: body.name ?? current.name,
      description: body.description === undefined ? current.description : body.description || null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('project_ref', '=', project.ref)
    .returningAll()
    .executeTakeFirst()
    .catch((error: unknown) => {
      if (nameTaken(error)) throw conflict(API_KEY_NAME_TAKEN)
      throw error
    })
  if (!row) throw notFound(API_KEY_NOT_FOUND)
  return toResponse(ctx, row, visibility)
}

/** Revokes a key: it is deleted, and this process refuses it from the next request on. */
export async function deleteApiKey(
  ctx: AppContext,
  project: ProjectRow,
  id: string,
  visibility: KeyVisibility,
): Promise<ApiKeyResponse> {
  if (isLegacyId(id)) throw badRequest(LEGACY_API_KEY_IMMUTABLE)
  const row = await ctx.db
    .deleteFrom('project_api_keys')
    .where('id', '=', id)
    .where('project_ref', '=', project.ref)
    .returningAll()
    .executeTakeFirst()
  if (!row) throw notFound(API_KEY_NOT_FOUND)
  projectKeyrings(ctx).invalidate(project.ref)
  return toResponse(ctx, row, visibility)
}

/**
 * The values of the project's keys by name, for the places the platform hands them on (edge functions'
 * SUPABASE_PUBLISHABLE_KEYS and SUPABASE_SECRET_KEYS): never for an answer to a member.
 */
export async function projectKeyValues(
  ctx: AppContext,
  ref: string,
): Promise<{ publishable: Record<string, string>; secret: Record<string, string> }> {
  await ensureDefaultApiKeys(ctx, ref)
  const rows = await keyRows(ctx, ref).execute()
  const values = { publishable: {} as Record<string, string>, secret: {} as Record<string, string> }
  for (const row of rows) values[row.type][row.name] = await revealed(ctx, row)
  return values
}

export function legacyApiKeysStatus(project: ProjectRow): LegacyApiKeysResponse {
  return { enabled: project.legacy_api_keys_enabled }
}

/** Turns the legacy JWT keys on or off; off, every JWT of the anon or service_role role is refused as a key. */
export async function setLegacyApiKeys(
  ctx: AppContext,
  project: ProjectRow,
  enabled: boolean,
): Promise<LegacyApiKeysResponse> {
  if (!enabled) await ensureDefaultApiKeys(ctx, project.ref)
  await ctx.db
    .updateTable('projects')
    .set({ legacy_api_keys_enabled: enabled, updated_at: new Date() })
    .where('ref', '=', project.ref)
    .execute()
  projectKeyrings(ctx).invalidate(project.ref)
  return { enabled }
}
