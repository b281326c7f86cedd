import { constants } from 'node:fs'
import { access, chmod, copyFile, link, mkdir, readFile, rename, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { assertTraversableBy, type RunAs } from '@pgfleet/engine'

/** The Deno release pinned by the lockfile, found in the `deno` npm package or its per-platform package. */
export interface DenoBinary {
  path: string
  version: string
}

const require = createRequire(import.meta.url)

/** `@deno/linux-x64-glibc` and friends: the package that carries the binary on this machine. */
function platformPackage(): string | null {
  const arch = os.arch()
  if (arch !== 'x64' && arch !== 'arm64') return null
  if (process.platform === 'linux') return `@deno/linux-${arch}-glibc`
  if (process.platform === 'darwin') return `@deno/darwin-${arch}`
  return null
}

const isExecutable = (file: string) =>
  access(file, constants.X_OK).then(
    () => true,
    () => false,
  )

async function candidates(): Promise<{ file: string; packageJson: string }[]> {
  const found: { file: string; packageJson: string }[] = []
  let denoPackage: string | null = null
  try {
    denoPackage = require.resolve('deno/package.json')
  } catch {
    return found
  }
  // the package's postinstall copies the binary next to it; without install scripts it stays in the platform package
  found.push({ file: path.join(path.dirname(denoPackage), 'deno'), packageJson: denoPackage })
  const platform = platformPackage()
  if (platform) {
    try {
      const fromDeno = createRequire(denoPackage)
      const packageJson = fromDeno.resolve(`${platform}/package.json`)
      found.push({ file: path.join(path.dirname(packageJson), 'deno'), packageJson })
    } catch {
      // optional dependency not installed for this platform
    }
  }
  return found
}

/** null when no Deno is installed: deploys still work, invocations answer 503. */
export async function locateDeno(): Promise<DenoBinary | null> {
  for (const { file, packageJson } of await candidates()) {
    if (!(await isExecutable(file))) continue
    const { version } = JSON.parse(await readFile(packageJson, 'utf8')) as { version: string }
    return { path: file, version }
  }
  return null
}

/**
 * The binary the worker's user can run. When node_modules is not reachable by that user (e.g. under /root),
 * the binary is linked (or copied) once into the platform's data directory, which that user can traverse.
 */
export async function denoForUser(deno: DenoBinary, runAs: RunAs | null, cacheDir: string): Promise<string> {
  if (!runAs) return deno.path
  const reachable = await assertTraversableBy(path.dirname(deno.path), runAs).then(
    () => true,
    () => false,
  )
  if (reachable) return deno.path
  const dir = path.join(cacheDir, `deno-${deno.version}`)
  const target = path.join(dir, 'deno')
  if (await isExecutable(target)) return target
  await mkdir(dir, { recursive: true, mode: 0o755 })
  await chmod(cacheDir, 0o755)
  const partial = `${target}.partial-${process.pid}`
  await rm(partial, { force: true })
  await link(deno.path, partial).catch(() => copyFile(deno.path, partial))
  await chmod(partial, 0o755)
  await rename(partial, target)
  return target
}
