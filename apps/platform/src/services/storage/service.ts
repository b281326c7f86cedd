import {
  BUCKET_NOT_EMPTY_MESSAGE,
  type Bucket,
  type CreateBucketBody,
  STORAGE_NOT_RUNNING_MESSAGE,
  type UpdateBucketBody,
} from '@pgfleet/contracts'
import type pg from 'pg'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { conflict, notFound } from '../../errors'
import { clearArchive } from './archive'
import {
  checkFileSizeLimit,
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  toBucket,
  updateBucket,
} from './buckets'
import { toHttpError } from './errors'
import { removeObjectFiles, removeTree } from './files'
import { bucketDir, objectFilePath, projectStorageDir } from './paths'
import { SERVICE_ROLE_AUTH, storageDatabases, withRole } from './project-storage-db'

/**
 * The dashboard's bucket management (/platform/storage/{ref}/buckets). It runs as service_role, so it sees and
 * changes every bucket whatever the RLS policies say; who may call it is the permission table's business.
 */
type StorageProject = Pick<ProjectRow, 'ref' | 'status' | 'port' | 'authenticator_password'>

/** Runs `work` as the project's service role on its storage database; a stopped project is a 409. */
export async function asService<T>(
  ctx: AppContext,
  project: StorageProject,
  work: (client: pg.ClientBase) => Promise<T>,
) {
  if (project.status !== 'ACTIVE_HEALTHY' || project.port === null) {
    throw conflict(STORAGE_NOT_RUNNING_MESSAGE(project.ref, project.status))
  }
  try {
    const db = await storageDatabases(ctx).database({
      ref: project.ref,
      port: project.port,
      authenticatorPassword: project.authenticator_password,
    })
    return await withRole(db, SERVICE_ROLE_AUTH, work)
  } catch (error) {
    throw toHttpError(error)
  }
}

const missing = (id: string) => notFound(`Bucket ${id} not found`)

export async function listProjectBuckets(ctx: AppContext, project: StorageProject): Promise<Bucket[]> {
  return (await asService(ctx, project, (client) => listBuckets(client))).map(toBucket)
}

export async function createProjectBucket(
  ctx: AppContext,
  project: StorageProject,
  body: Required<Pick<CreateBucketBody, 'name'>> & Omit<CreateBucketBody, 'name'>,
): Promise<Bucket> {
  const settings = {
    public: body.public ?? false,
    allowed_mime_types: body.allowed_mime_types ?? null,
    file_size_limit: body.file_size_limit ?? null,
  }
  const row = await asService(ctx, project, async (client) => {
    checkFileSizeLimit(settings.file_size_limit, ctx.config.storageMaxUploadBytes)
    await createBucket(client, body.name, settings, { owner: null, owner_id: null })
    return getBucket(client, body.name)
  })
  if (!row) throw missing(body.name)
  return toBucket(row)
}

export async function updateProjectBucket(
  ctx: AppContext,
  project: StorageProject,
  id: string,
  patch: UpdateBucketBody,
): Promise<Bucket> {
  const row = await asService(ctx, project, async (client) => {
    checkFileSizeLimit(patch.file_size_limit, ctx.config.storageMaxUploadBytes)
    return updateBucket(client, id, patch)
  })
  if (!row) throw missing(id)
  return toBucket(row)
}

export async function deleteProjectBucket(ctx: AppContext, project: StorageProject, id: string): Promise<void> {
  const deleted = await asService(ctx, project, (client) => deleteBucket(client, id, BUCKET_NOT_EMPTY_MESSAGE))
  if (!deleted) throw missing(id)
  await removeTree(bucketDir(ctx.config.dataDir, project.ref, id))
}

/** Deletes every object of the bucket, rows and files. */
export async function emptyProjectBucket(ctx: AppContext, project: StorageProject, id: string): Promise<void> {
  const root = bucketDir(ctx.config.dataDir, project.ref, id)
  await asService(ctx, project, async (client) => {
    if (!(await getBucket(client, id))) throw missing(id)
    const names = await emptyBucket(client, id)
    // a name written by SQL that is no valid file name never had a file
    const files = names.flatMap((name) => {
      try {
        return [objectFilePath(ctx.config.dataDir, project.ref, id, name)]
      } catch {
        return []
      }
    })
    // while the deleted rows are locked, so a concurrent upload of the same name keeps its new file
    await removeObjectFiles(root, files)
  })
}

/** Deleting a project removes its objects' bytes too (pausing keeps them). */
export async function removeProjectStorage(ctx: AppContext, ref: string): Promise<void> {
  await ctx.connections.closeProject(ref)
  await removeTree(projectStorageDir(ctx.config.dataDir, ref))
  await clearArchive(ctx.config.dataDir, ref)
}
