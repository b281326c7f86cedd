import type { Bucket } from '@pgfleet/contracts'
import type pg from 'pg'
import { duplicate, StorageError } from './errors'

/**
 * SQL on storage.buckets, run inside a transaction with the caller's role (see project-storage-db.ts#withRole): RLS decides
 * what a storage API caller sees; the dashboard runs these as service_role.
 */
export interface BucketRow {
  id: string
  name: string
  owner: string | null
  public: boolean
  allowed_mime_types: string[] | null
  /** bigint arrives as text */
  file_size_limit: string | null
  created_at: Date
  updated_at: Date
}

export interface BucketSettings {
  public: boolean
  allowed_mime_types: string[] | null
  file_size_limit: number | null
}

const COLUMNS = 'id, name, owner::text AS owner, public, allowed_mime_types, file_size_limit, created_at, updated_at'

export function toBucket(row: BucketRow): Bucket {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    public: row.public,
    allowed_mime_types: row.allowed_mime_types,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export const BUCKET_SORT_COLUMNS = ['id', 'name', 'created_at', 'updated_at'] as const

export interface BucketListOptions {
  limit?: number
  offset?: number
  search?: string
  sortColumn?: (typeof BUCKET_SORT_COLUMNS)[number]
  sortOrder?: 'asc' | 'desc'
}

export async function listBuckets(client: pg.ClientBase, options: BucketListOptions = {}): Promise<BucketRow[]> {
  const column = options.sortColumn ?? 'name'
  const order = options.sortOrder === 'desc' ? 'DESC' : 'ASC'
  const { rows } = await client.query<BucketRow>(
    `SELECT ${COLUMNS} FROM storage.buckets
     WHERE $1::text = '' OR name ILIKE '%' || $1 || '%'
     ORDER BY ${column} ${order}, id
     LIMIT $2 OFFSET $3`,
    [options.search ?? '', options.limit ?? null, options.offset ?? 0],
  )
  return rows
}

export async function getBucket(client: pg.ClientBase, id: string): Promise<BucketRow | null> {
  const { rows } = await client.query<BucketRow>(`SELECT ${COLUMNS} FROM storage.buckets WHERE id = $1`, [id])
  return rows[0] ?? null
}

export async function createBucket(
  client: pg.ClientBase,
  id: string,
  settings: BucketSettings,
  owner: { owner: string | null; owner_id: string | null },
): Promise<void> {
  try {
    // no RETURNING: an INSERT policy alone must be enough to create a bucket
    await client.query(
      `INSERT INTO storage.buckets (id, name, public, allowed_mime_types, file_size_limit, owner, owner_id)
       VALUES ($1, $1, $2, $3, $4, $5, $6)`,
      [id, settings.public, settings.allowed_mime_types, settings.file_size_limit, owner.owner, owner.owner_id],
    )
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw duplicate()
    throw error
  }
}

/** Sets the given fields only; null when the bucket does not exist (or RLS hides it). */
export async function updateBucket(
  client: pg.ClientBase,
  id: string,
  patch: Partial<BucketSettings>,
): Promise<BucketRow | null> {
  const { rows } = await client.query<BucketRow>(
    `UPDATE storage.buckets SET
       public = CASE WHEN $2 THEN $3 ELSE public END,
       allowed_mime_types = CASE WHEN $4 THEN $5::text[] ELSE allowed_mime_types END,
       file_size_limit = CASE WHEN $6 THEN $7::bigint ELSE file_size_limit END,
       updated_at = now()
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [
      id,
      patch.public !== undefined,
      patch.public ?? false,
      patch.allowed_mime_types !== undefined,
      patch.allowed_mime_types ?? null,
      patch.file_size_limit !== undefined,
      patch.file_size_limit ?? null,
    ],
  )
  return rows[0] ?? null
}

/** Deletes an empty bucket; false when it does not exist (or RLS hides it), 409 when it still holds objects. */
export async function deleteBucket(client: pg.ClientBase, id: string, notEmptyMessage: string): Promise<boolean> {
  try {
    const { rowCount } = await client.query('DELETE FROM storage.buckets WHERE id = $1', [id])
    return (rowCount ?? 0) > 0
  } catch (error) {
    if ((error as { code?: string }).code === '23503') throw new StorageError(409, 'InvalidRequest', notEmptyMessage)
    throw error
  }
}

/** Deletes every object of the bucket the caller may delete; answers their names, to remove their files. */
export async function emptyBucket(client: pg.ClientBase, id: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    'DELETE FROM storage.objects WHERE bucket_id = $1 RETURNING name',
    [id],
  )
  return rows.map((row) => row.name)
}

/** A bucket's limit cannot exceed the platform's maximum upload size, which applies to every upload anyway. */
export function checkFileSizeLimit(limit: number | null | undefined, maxUploadBytes: number): void {
  if (limit !== null && limit !== undefined && limit > maxUploadBytes) {
    throw new StorageError(
      400,
      'InvalidRequest',
      `The file size limit must be at most ${maxUploadBytes} bytes, the platform's maximum upload size`,
    )
  }
}
