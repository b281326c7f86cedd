import { chmod, lstat, mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { readArchiveManifest, readSidecar, sidecarName } from '../backup/manifest'
import { compressionForFile } from '../backup/tools'
import type { BackupKind, BackupManifest, BackupSidecar } from '../backup/types'
import type { BackupInfo } from './backup-driver'

/** `{ref}-{20261122T005957892Z}-{kind}.tar.zst`: sortable by time, kind readable without opening the file. */
const BACKUP_NAME = /^[a-z0-9][a-z0-9_-]{0,62}-(\d{8}T\d{9}Z)-(cold|online)\.(tar\.zst|tar\.gz)$/
export const PARTIAL_SUFFIX = '.partial'

export function isBackupId(id: string): boolean {
  return BACKUP_NAME.test(id)
}

export function backupFileName(ref: string, kind: BackupKind, at: Date, extension: string): string {
  const stamp = at.toISOString().replace(/[-:.]/g, '')
  return `${ref}-${stamp}-${kind}${extension}`
}

function stampToIso(stamp: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(stamp)
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z` : stamp
}

/**
 * Creates the backups directory (mode 0700, owned by the platform's user, not the run-as user) and checks it
 * is a real directory of ours: it sits inside a project directory the run-as user owns, and the platform must
 * not write to or delete through a symlink that user could have put there.
 */
export async function ensureBackupsDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const info = await lstat(dir)
  const uid = process.getuid?.()
  if (!info.isDirectory() || (uid !== undefined && info.uid !== uid)) {
    throw new Error(`${dir} is not a directory owned by this process; refusing to use it for backups`)
  }
  if ((info.mode & 0o777) !== 0o700) await chmod(dir, 0o700)
}

/** Deletes archives a crash left half-written; they never had their final name. */
export async function removePartialArchives(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[])
  const partial = names.filter((name) => name.endsWith(PARTIAL_SUFFIX))
  await Promise.all(partial.map((name) => rm(path.join(dir, name), { force: true })))
  return partial
}

function toInfo(
  id: string,
  file: string,
  bytes: number,
  meta: BackupManifest | BackupSidecar | null,
  kind: BackupKind,
  stamp: string,
): BackupInfo {
  return {
    id,
    file,
    bytes,
    kind: meta?.kind ?? kind,
    createdAt: meta?.created_at ?? stampToIso(stamp),
    major: meta?.major ?? null,
    version: meta?.version ?? null,
    compression: meta?.compression ?? compressionForFile(id),
    dataBytes: meta?.size ?? null,
    checkpointLsn: meta?.checkpoint_lsn ?? null,
    systemIdentifier: meta?.system_identifier ?? null,
  }
}

/** The archive named `id`; its sidecar, else the manifest inside (when a crash left no sidecar). */
export async function readBackup(dir: string, id: string): Promise<BackupInfo | null> {
  const match = BACKUP_NAME.exec(id)
  if (!match?.[1] || !match[2]) return null
  const file = path.join(dir, id)
  const info = await stat(file).catch(() => null)
  if (!info?.isFile()) return null
  const meta = (await readSidecar(file)) ?? (await readArchiveManifest(file).catch(() => null))
  return toInfo(id, file, info.size, meta, match[2] as BackupKind, match[1])
}

/** Newest first. */
export async function listBackupFiles(dir: string): Promise<BackupInfo[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter(isBackupId)
  const backups = await Promise.all(names.map((name) => readBackup(dir, name)))
  return backups
    .filter((backup): backup is BackupInfo => backup !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
}

/** Deletes the given archives (all when `ids` is omitted) with their sidecars; returns the ids deleted. */
export async function deleteBackupFiles(dir: string, ids?: string[]): Promise<string[]> {
  const existing = (await readdir(dir).catch(() => [] as string[])).filter(isBackupId)
  for (const id of ids ?? []) if (!isBackupId(id)) throw new Error(`Invalid backup id: ${JSON.stringify(id)}`)
  const doomed = ids ? existing.filter((id) => ids.includes(id)) : existing
  for (const id of doomed) {
    await rm(path.join(dir, id), { force: true })
    await rm(sidecarName(path.join(dir, id)), { force: true })
  }
  await removePartialArchives(dir)
  return doomed
}

/** A backup id of this project, or an absolute path to an archive anywhere (e.g. one a user uploaded). */
export function resolveBackupFile(dir: string, backup: string): string {
  if (path.isAbsolute(backup)) return backup
  if (!isBackupId(backup)) throw new Error(`Invalid backup id: ${JSON.stringify(backup)}`)
  return path.join(dir, backup)
}
