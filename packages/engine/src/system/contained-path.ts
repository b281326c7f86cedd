import { realpath, stat } from 'node:fs/promises'
import path from 'node:path'

/**
 * The real path of the regular file `name` inside `dir`, or null when there is none: the name may not leave the
 * directory (`..`, an absolute path, a NUL) and neither may the file it resolves to through symbolic links.
 * Every file the platform serves on a user's behalf goes through this before it is opened.
 */
export async function containedFile(dir: string, name: string): Promise<string | null> {
  if (name === '' || name.includes('\0') || path.isAbsolute(name)) return null
  const root = await realpath(dir).catch(() => null)
  if (!root) return null
  const candidate = path.resolve(root, name)
  if (!isInside(root, candidate)) return null
  const real = await realpath(candidate).catch(() => null)
  if (!real || !isInside(root, real)) return null
  const info = await stat(real).catch(() => null)
  return info?.isFile() ? real : null
}

const isInside = (root: string, target: string): boolean => target.startsWith(`${root}${path.sep}`)
