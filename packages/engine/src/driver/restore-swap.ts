import { access, readdir, rename } from 'node:fs/promises'
import path from 'node:path'
import { ignoredError } from '../logger'
import { fsyncDir } from '../system/durable'
import { removeTree } from '../system/remove-tree'

const BEFORE_RESTORE = '.before-restore-'
const FAILED_RESTORE = '.failed-restore-'

/** Where a backup is extracted, beside the data directory, before it replaces it. */
export const restoringDataDir = (dataDir: string): string => `${dataDir}.restoring`

const stamp = (): string => new Date().toISOString().replace(/[-:.]/g, '')

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}

/** `pgdata.before-restore-*` directories beside the data directory, oldest first. */
export async function previousDataDirs(dataDir: string): Promise<string[]> {
  const prefix = `${path.basename(dataDir)}${BEFORE_RESTORE}`
  const names = await readdir(path.dirname(dataDir)).catch(() => [] as string[])
  return names
    .filter((name) => name.startsWith(prefix))
    .sort()
    .map((name) => path.join(path.dirname(dataDir), name))
}

/**
 * Repairs what a crash in the middle of a swap leaves: the data directory moved aside and the restored one not
 * yet in its place. The previous data goes back (the restore did not happen). Returns the directory moved back.
 */
export async function settleDataDir(dataDir: string): Promise<string | null> {
  if (await exists(dataDir)) return null
  const newest = (await previousDataDirs(dataDir)).at(-1)
  if (!newest) return null
  await rename(newest, dataDir)
  await fsyncDir(path.dirname(dataDir))
  return newest
}

export interface SwapSteps {
  dataDir: string
  /** A complete data directory (restoreArchive's target) that replaces `dataDir`. */
  restored: string
  /** Stops the current server (a no-op when it is not running). */
  stop: () => Promise<void>
  /** Writes the settings and starts the server on whatever `dataDir` holds; resolves when it is ready. */
  start: () => Promise<{ readyMs: number }>
  /** Stops whatever the failed start left running (immediately: that data is discarded). */
  stopFailed: () => Promise<void>
  /** Whether the previous data must be started again after a rollback. */
  wasRunning: boolean
  keepPrevious: boolean
}

/**
 * Stop, move the current data aside (`pgdata.before-restore-<ts>`), move the restored data in, start. If the
 * start fails, the restored data is deleted, the previous data goes back and, if it was running, is started
 * again; the start error is rethrown. At every instant either `pgdata` or a before-restore directory holds
 * the previous data, and settleDataDir repairs a crash between the two renames.
 */
export async function swapInRestoredData(steps: SwapSteps): Promise<{
  readyMs: number
  downtimeMs: number
  previousDataDir: string | null
}> {
  const { dataDir, restored } = steps
  const parent = path.dirname(dataDir)
  const downStarted = performance.now()
  await steps.stop()
  const hadData = await exists(dataDir)
  const previous = hadData ? `${dataDir}${BEFORE_RESTORE}${stamp()}` : null
  if (previous) await rename(dataDir, previous)
  await rename(restored, dataDir)
  await fsyncDir(parent)
  try {
    const { readyMs } = await steps.start()
    const downtimeMs = Math.round(performance.now() - downStarted)
    if (!steps.keepPrevious) {
      for (const dir of await previousDataDirs(dataDir)) await removeTree(dir)
    }
    return { readyMs, downtimeMs, previousDataDir: steps.keepPrevious ? previous : null }
  } catch (error) {
    // usually nothing runs after a failed start; if a server is left, starting the previous data below fails
    // and says so, and the start error is what the caller gets either way
    await steps.stopFailed().catch(ignoredError('could not stop the server of a failed restore', { dataDir }))
    const failed = `${dataDir}${FAILED_RESTORE}${stamp()}`
    await rename(dataDir, failed)
    if (previous) await rename(previous, dataDir)
    await fsyncDir(parent)
    await removeTree(failed)
    if (previous && steps.wasRunning) {
      await steps.start().catch((restartError: Error) => {
        throw new AggregateError(
          [error, restartError],
          `Restore failed and the previous data, put back, did not start again: ${restartError.message}`,
        )
      })
    }
    throw error
  }
}
