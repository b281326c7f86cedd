import { access, mkdir, rename } from 'node:fs/promises'
import path from 'node:path'
import { MAX_LISTED_MOVE_CONFLICTS, type MoveFolderConflict, type MoveFolderResponse } from '@pgfleet/contracts'
import type pg from 'pg'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { badRequest, HttpError, notFound } from '../../errors'
import { getBucket } from './buckets'
import { toHttpError } from './errors'
import { placeFile, pruneEmptyFolders } from './files'
import { bucketDir, objectFilePath, validateObjectName } from './paths'
import { asService } from './service'

/**
 * Moving or renaming a folder: every object whose name starts with `from/` gets `to/` instead, all or nothing.
 * The rows change in one UPDATE inside a transaction that holds their locks; the files follow inside that same
 * transaction (one directory rename when the destination folder is new, otherwise file by file, undone on
 * failure), so a failure leaves both rows and files where they were.
 */
type MoveProject = Pick<ProjectRow, 'ref' | 'status' | 'port' | 'authenticator_password'>

const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&')

function checkedFolder(value: string): string {
  const folder = value.replace(/\/$/, '')
  try {
    return validateObjectName(folder)
  } catch (error) {
    throw toHttpError(error)
  }
}

/** The folder names above and at `folder`: 'a/b/c' gives 'a', 'a/b', 'a/b/c'. */
const foldersOf = (folder: string) => folder.split('/').map((_, index, all) => all.slice(0, index + 1).join('/'))

/** Why each object cannot take its new name: the name is taken, too long, or a file stands where a folder must. */
async function findConflicts(
  client: pg.ClientBase,
  bucketId: string,
  to: string,
  moves: { from: string; to: string }[],
): Promise<MoveFolderConflict[]> {
  const conflicts: MoveFolderConflict[] = []
  const { rows: files } = await client.query<{ name: string }>(
    'SELECT name FROM storage.objects WHERE bucket_id = $1 AND name = ANY($2::text[]) ORDER BY name',
    [bucketId, foldersOf(to)],
  )
  for (const file of files) {
    conflicts.push({ path: file.name, message: `An object is named ${file.name}, so no folder can have that name` })
  }
  const valid: string[] = []
  for (const move of moves) {
    try {
      valid.push(validateObjectName(move.to))
    } catch (error) {
      conflicts.push({ path: move.from, message: `Its new path would be invalid: ${(error as Error).message}` })
    }
  }
  const { rows: taken } = await client.query<{ name: string }>(
    'SELECT name FROM storage.objects WHERE bucket_id = $1 AND name = ANY($2::text[]) ORDER BY name',
    [bucketId, valid],
  )
  for (const row of taken) conflicts.push({ path: row.name, message: `An object already exists at ${row.name}` })
  return conflicts
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

/** Moves the files; on any failure puts back the ones already moved and rethrows. */
async function moveFiles(root: string, fromDir: string, toDir: string, names: { from: string; to: string }[]) {
  if (!(await exists(fromDir))) return
  if (!(await exists(toDir))) {
    await mkdir(path.dirname(toDir), { recursive: true })
    await rename(fromDir, toDir)
    await pruneEmptyFolders(root, [path.dirname(fromDir)])
    return
  }
  const done: { from: string; to: string }[] = []
  try {
    for (const move of names) {
      // a row written by SQL may have no file; it moves alone
      if (!(await exists(move.from))) continue
      await placeFile(move.from, move.to)
      done.push(move)
    }
  } catch (error) {
    for (const move of done.reverse()) await placeFile(move.to, move.from).catch(() => undefined)
    throw error
  }
  await pruneEmptyFolders(
    root,
    names.map((move) => path.dirname(move.from)),
  )
}

export async function moveBucketFolder(
  ctx: AppContext,
  project: MoveProject,
  bucketId: string,
  input: { from: string; to: string; dryRun: boolean },
): Promise<MoveFolderResponse> {
  const from = checkedFolder(input.from)
  const to = checkedFolder(input.to)
  if (from === to) throw badRequest('The folder is already at that path')
  if (to.startsWith(`${from}/`)) throw badRequest('A folder cannot be moved into itself')
  const dataDir = ctx.config.dataDir
  const root = bucketDir(dataDir, project.ref, bucketId)
  try {
    return await asService(ctx, project, async (client) => {
      if (!(await getBucket(client, bucketId))) throw notFound(`Bucket ${bucketId} not found`)
      // locked until the transaction ends, so nothing under the folder changes while it moves
      const { rows } = await client.query<{ name: string }>(
        `SELECT name FROM storage.objects WHERE bucket_id = $1 AND name LIKE $2 ORDER BY name FOR UPDATE`,
        [bucketId, `${likeEscape(from)}/%`],
      )
      if (rows.length === 0) throw notFound(`Folder ${from} not found`)
      const moves = rows.map((row) => ({ from: row.name, to: `${to}${row.name.slice(from.length)}` }))
      const conflicts = await findConflicts(client, bucketId, to, moves)
      const answer: MoveFolderResponse = {
        from,
        to,
        objects: rows.length,
        moved: 0,
        conflicts: conflicts.slice(0, MAX_LISTED_MOVE_CONFLICTS),
        conflictCount: conflicts.length,
      }
      if (conflicts.length > 0 && !input.dryRun) throw new FolderMoveConflict(answer)
      if (input.dryRun) return answer
      await client.query(
        `UPDATE storage.objects SET name = $3 || substr(name, length($2::text) + 1), updated_at = now()
         WHERE bucket_id = $1 AND name LIKE $4`,
        [bucketId, from, to, `${likeEscape(from)}/%`],
      )
      const files = moves.flatMap((move) => {
        try {
          return [
            {
              from: objectFilePath(dataDir, project.ref, bucketId, move.from),
              to: objectFilePath(dataDir, project.ref, bucketId, move.to),
            },
          ]
        } catch {
          // a name written by SQL that is no valid file name never had a file
          return []
        }
      })
      await moveFiles(root, path.join(root, from), path.join(root, to), files)
      return { ...answer, moved: rows.length }
    })
  } catch (error) {
    if (error instanceof FolderMoveConflict || error instanceof HttpError) throw error
    const failure = toHttpError(error)
    if (failure instanceof HttpError) throw failure
    // rows rolled back and files put back: say so, without the server's paths
    ctx.log.error('folder move failed', { error, ref: project.ref, bucketId, from, to })
    throw new HttpError(500, `Nothing was moved: the files of ${from} could not be moved on the server. Try again.`)
  }
}

/** A 409 whose answer lists the conflicts, so the dashboard can say which objects stopped the move. */
export class FolderMoveConflict extends Error {
  constructor(readonly answer: MoveFolderResponse) {
    super(
      `Nothing was moved: ${answer.conflictCount} of ${answer.objects} objects cannot move to ${answer.to}/ ` +
        `(${answer.conflicts[0]?.message ?? 'conflict'}${answer.conflictCount > 1 ? ', …' : ''})`,
    )
    this.name = 'FolderMoveConflict'
  }
}
