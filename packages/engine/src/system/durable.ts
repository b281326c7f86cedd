import { open } from 'node:fs/promises'
import path from 'node:path'

/** Flushes a file's data (and size) to disk. */
export async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Flushes a directory's entries, making a rename or creation inside it durable. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Makes `file` durable under its name: the file itself, then the directory entry that names it. */
export async function fsyncPath(file: string): Promise<void> {
  await fsyncFile(file)
  await fsyncDir(path.dirname(file))
}
