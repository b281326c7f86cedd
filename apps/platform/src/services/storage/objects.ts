import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { duplicate } from './errors'

/**
 * SQL on storage.objects, run inside a transaction with the caller's role: RLS policies on storage.objects
 * decide who reads, uploads, overwrites, moves and deletes. The bytes are the caller's business (files.ts).
 */
export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

export interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  metadata: ObjectMetadata | null
  created_at: Date
  updated_at: Date
  last_accessed_at: Date
}

const COLUMNS =
  'id, bucket_id, name, owner::text AS owner, owner_id, metadata, created_at, updated_at, last_accessed_at'

export interface ObjectOwner {
  /** the JWT's sub when it is a UUID */
  owner: string | null
  /** the JWT's sub as it is */
  owner_id: string | null
}

export async function getObject(client: pg.ClientBase, bucketId: string, name: string): Promise<ObjectRow | null> {
  const { rows } = await client.query<ObjectRow>(
    `SELECT ${COLUMNS} FROM storage.objects WHERE bucket_id = $1 AND name = $2`,
    [bucketId, name],
  )
  return rows[0] ?? null
}

/**
 * Writes the object's row and answers its id. A plain insert sends the id instead of reading it back, so an
 * INSERT policy alone allows uploads; `upsert` overwrites an existing row (RLS then needs select and update too).
 */
export async function saveObject(
  client: pg.ClientBase,
  input: { bucketId: string; name: string; metadata: ObjectMetadata; upsert: boolean } & ObjectOwner,
): Promise<string> {
  const id = randomUUID()
  const values = [id, input.bucketId, input.name, input.owner, input.owner_id, JSON.stringify(input.metadata)]
  try {
    if (!input.upsert) {
      await client.query(
        'INSERT INTO storage.objects (id, bucket_id, name, owner, owner_id, metadata) VALUES ($1, $2, $3, $4, $5, $6)',
        values,
      )
      return id
    }
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO storage.objects (id, bucket_id, name, owner, owner_id, metadata) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (bucket_id, name) DO UPDATE SET metadata = excluded.metadata, owner = excluded.owner,
         owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()
       RETURNING id`,
      values,
    )
    return rows[0]?.id ?? id
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw duplicate()
    throw error
  }
}

/** Deletes the named objects the caller may delete; answers the deleted rows. */
export async function deleteObjects(client: pg.ClientBase, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const { rows } = await client.query<ObjectRow>(
    `DELETE FROM storage.objects WHERE bucket_id = $1 AND name = ANY($2::text[]) RETURNING ${COLUMNS}`,
    [bucketId, names],
  )
  return rows
}

/** Renames (and possibly re-buckets) an object; false when the caller cannot see or update it. */
export async function moveObject(
  client: pg.ClientBase,
  from: { bucketId: string; name: string },
  to: { bucketId: string; name: string },
): Promise<boolean> {
  try {
    const { rowCount } = await client.query(
      `UPDATE storage.objects SET bucket_id = $3, name = $4, updated_at = now()
       WHERE bucket_id = $1 AND name = $2`,
      [from.bucketId, from.name, to.bucketId, to.name],
    )
    return (rowCount ?? 0) > 0
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw duplicate()
    throw error
  }
}

/** A new row with the source's metadata; its id, or null when the caller cannot read the source. */
export async function copyObject(
  client: pg.ClientBase,
  from: { bucketId: string; name: string },
  to: { bucketId: string; name: string } & ObjectOwner,
): Promise<string | null> {
  const id = randomUUID()
  try {
    const { rowCount } = await client.query(
      `INSERT INTO storage.objects (id, bucket_id, name, owner, owner_id, metadata)
       SELECT $7, $3, $4, $5, $6, metadata FROM storage.objects WHERE bucket_id = $1 AND name = $2`,
      [from.bucketId, from.name, to.bucketId, to.name, to.owner, to.owner_id, id],
    )
    return (rowCount ?? 0) > 0 ? id : null
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw duplicate()
    throw error
  }
}

export const OBJECT_SORT_COLUMNS = ['name', 'created_at', 'updated_at', 'last_accessed_at'] as const

export interface ListOptions {
  /** a folder ('' for the bucket's top level), without leading or trailing slashes */
  prefix: string
  limit: number
  offset: number
  search: string
  sortColumn: (typeof OBJECT_SORT_COLUMNS)[number]
  sortOrder: 'asc' | 'desc'
}

export interface ListEntry {
  name: string
  /** null for a folder */
  id: string | null
  updated_at: Date | null
  created_at: Date | null
  last_accessed_at: Date | null
  metadata: ObjectMetadata | null
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&')

/**
 * One folder level: the files directly in it, and its sub-folders (a folder exists while an object name
 * runs through it), each once, with null id and dates; `search` keeps entries whose name starts with it.
 */
export async function listFolder(client: pg.ClientBase, bucketId: string, options: ListOptions): Promise<ListEntry[]> {
  const folder = options.prefix === '' ? '' : `${options.prefix}/`
  const order = options.sortOrder === 'desc' ? 'DESC' : 'ASC'
  const { rows } = await client.query<ListEntry>(
    `WITH matched AS (
       SELECT id, updated_at, created_at, last_accessed_at, metadata, substr(name, length($2::text) + 1) AS rest
       FROM storage.objects WHERE bucket_id = $1 AND name LIKE $3
     ), entries AS (
       SELECT split_part(rest, '/', 1) AS name, NULL::uuid AS id, NULL::timestamptz AS updated_at,
              NULL::timestamptz AS created_at, NULL::timestamptz AS last_accessed_at, NULL::jsonb AS metadata
       FROM matched WHERE strpos(rest, '/') > 0 GROUP BY 1
       UNION ALL
       SELECT rest, id, updated_at, created_at, last_accessed_at, metadata FROM matched WHERE strpos(rest, '/') = 0
     )
     SELECT * FROM entries WHERE $4::text = '' OR name ILIKE $4 || '%'
     ORDER BY ${options.sortColumn} ${order} NULLS FIRST, name ${order}
     LIMIT $5 OFFSET $6`,
    [bucketId, folder, `${likeEscape(folder)}%`, likeEscape(options.search), options.limit, options.offset],
  )
  return rows
}
