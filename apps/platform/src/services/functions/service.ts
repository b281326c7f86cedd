import { randomUUID } from 'node:crypto'
import { TextDecoder } from 'node:util'
import type {
  EdgeFunction,
  EdgeFunctionBody,
  EdgeFunctionDeployMetadata,
  FunctionsNetworkAccess,
} from '@pgfleet/contracts'
import { sql } from 'kysely'
import type { AppContext } from '../../context'
import type { EdgeFunctionRow, ProjectRow } from '../../db/types'
import { conflict, notFound } from '../../errors'
import { egressPolicyOf } from '../../security/egress-policy'
import { assertNetworkEntriesAllowed } from './network-access'
import { edgeFunctionsRuntime } from './runtime/edge-runtime'
import { type FunctionFile, validateBundle } from './validation'

/** The management API's shape of a function (the hosted product's: epoch milliseconds, no import maps). */
export function toEdgeFunction(row: EdgeFunctionRow): EdgeFunction {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    version: row.version,
    status: row.status as EdgeFunction['status'],
    created_at: row.created_at.getTime(),
    updated_at: row.updated_at.getTime(),
    verify_jwt: row.verify_jwt,
    import_map: false,
    entrypoint_path: row.entrypoint_path,
  }
}

export async function listFunctions(ctx: AppContext, ref: string): Promise<EdgeFunction[]> {
  const rows = await ctx.db
    .selectFrom('edge_functions')
    .selectAll()
    .where('project_ref', '=', ref)
    .orderBy('created_at')
    .orderBy('slug')
    .execute()
  return rows.map(toEdgeFunction)
}

async function functionRow(ctx: AppContext, ref: string, slug: string): Promise<EdgeFunctionRow> {
  const row = await ctx.db
    .selectFrom('edge_functions')
    .selectAll()
    .where('project_ref', '=', ref)
    .where('slug', '=', slug)
    .executeTakeFirst()
  if (!row) throw notFound(`Function ${slug} not found`)
  return row
}

export async function getFunction(ctx: AppContext, ref: string, slug: string): Promise<EdgeFunction> {
  return toEdgeFunction(await functionRow(ctx, ref, slug))
}

export interface DeployInput {
  slug: string
  metadata: EdgeFunctionDeployMetadata
  files: FunctionFile[]
  userId: number
}

/**
 * Creates the function or adds a version: the row is upserted (its lock serializes concurrent deploys of one
 * slug) and the version's files are written before the transaction commits, so a committed version always has
 * its files. Older versions are pruned and the running worker replaced afterwards.
 */
export async function deployFunction(ctx: AppContext, project: ProjectRow, input: DeployInput): Promise<EdgeFunction> {
  if (project.status !== 'ACTIVE_HEALTHY') {
    throw conflict(`Project ${project.ref} is not running (its status is ${project.status}), so it cannot deploy`)
  }
  const { entrypoint } = validateBundle(input.files, input.metadata.entrypoint_path)
  const runtime = edgeFunctionsRuntime(ctx)
  const store = await runtime.store()
  const row = await ctx.db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto('edge_functions')
      .values({
        id: randomUUID(),
        project_ref: project.ref,
        slug: input.slug,
        name: input.metadata.name ?? input.slug,
        version: 1,
        status: 'ACTIVE',
        verify_jwt: input.metadata.verify_jwt,
        entrypoint_path: entrypoint,
        created_by: input.userId,
      })
      .onConflict((oc) =>
        oc.columns(['project_ref', 'slug']).doUpdateSet({
          name: input.metadata.name ?? sql<string>`edge_functions.name`,
          version: sql<number>`edge_functions.version + 1`,
          status: 'ACTIVE',
          verify_jwt: input.metadata.verify_jwt,
          entrypoint_path: entrypoint,
          updated_at: new Date(),
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow()
    await store.writeVersion(project.ref, input.slug, saved.version, input.files)
    return saved
  })
  await runtime.forget(project.ref, row.slug)
  await store.pruneVersions(project.ref, row.slug, row.version)
  return toEdgeFunction(row)
}

export async function deleteFunction(ctx: AppContext, ref: string, slug: string): Promise<void> {
  const deleted = await ctx.db
    .deleteFrom('edge_functions')
    .where('project_ref', '=', ref)
    .where('slug', '=', slug)
    .returning('id')
    .executeTakeFirst()
  if (!deleted) throw notFound(`Function ${slug} not found`)
  const runtime = edgeFunctionsRuntime(ctx)
  await runtime.forget(ref, slug)
  await (await runtime.store()).removeFunction(ref, slug)
}

/** Saves the project's allow-list; running workers are replaced on their next call (their fingerprint changed). */
export async function setFunctionsNetworkAccess(
  ctx: AppContext,
  ref: string,
  allow: string[],
): Promise<FunctionsNetworkAccess> {
  await assertNetworkEntriesAllowed(allow, egressPolicyOf(ctx.config))
  await ctx.db.updateTable('projects').set({ functions_network_allow: allow }).where('ref', '=', ref).execute()
  edgeFunctionsRuntime(ctx).forgetNetwork(ref)
  return { allow }
}

/** Called by the project's delete job: its functions' files and OS user go with it (the rows go by cascade). */
export async function removeProjectFunctions(ctx: AppContext, ref: string): Promise<void> {
  const runtime = edgeFunctionsRuntime(ctx)
  await runtime.stopProject(ref)
  await (await runtime.store()).removeProject(ref)
  await runtime.removeWorkerUser(ref)
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

function encodeFile(file: FunctionFile): EdgeFunctionBody['files'][number] {
  try {
    return { name: file.name, content: utf8.decode(file.content), encoding: 'utf-8' }
  } catch {
    return { name: file.name, content: file.content.toString('base64'), encoding: 'base64' }
  }
}

/** The live version's files, for download (JSON; see docs/edge-functions.md). */
export async function functionBody(ctx: AppContext, ref: string, slug: string): Promise<EdgeFunctionBody> {
  const row = await functionRow(ctx, ref, slug)
  const store = await edgeFunctionsRuntime(ctx).store()
  const files = await store.readVersion(ref, slug, row.version).catch(() => {
    throw notFound(`The files of function ${slug} (version ${row.version}) are missing`)
  })
  return {
    slug: row.slug,
    version: row.version,
    entrypoint_path: row.entrypoint_path,
    verify_jwt: row.verify_jwt,
    files: files.map(encodeFile),
  }
}
